import { openModal } from '../../ui';
import { Button } from '../../ui';
import i18n from '../../lib/i18n';
import './lobby-texts';
import './lobby.css';

/** What the demo popup shows (spec 2 section 2 "Demo popup: title, description, image"). */
export interface DemoPopupContent {
  title: string;
  description: string;
  image: string;
}

/** Opens the demo popup. */
export function openDemoPopup(content: DemoPopupContent): void {
  openModal({
    id: 'demo-popup',
    title: content.title,
    size: 'sm',
    className: 'demo-popup',
    content: ({ close }) => (
      <div className="demo-popup__body" data-testid="demo-popup">
        {content.image && <img className="demo-popup__image" src={content.image} alt="" />}
        <p className="demo-popup__text">{content.description}</p>
        <Button variant="primary" onClick={close}>
          {i18n.t('lobbyUi.demoClose')}
        </Button>
      </div>
    ),
  });
}

/** The demo popup of a game that cannot be launched (a `preview:` id or a provider game). */
export function openGamePreview(game: {
  name: string;
  image: string;
  provider: { name: string } | null;
}): void {
  openDemoPopup({
    title: i18n.t('lobbyUi.demoTitle', { name: game.name }),
    description: game.provider
      ? i18n.t('lobbyUi.demoText', { name: game.name, provider: game.provider.name })
      : i18n.t('lobbyUi.demoTextOriginal', { name: game.name }),
    image: game.image,
  });
}
