import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Maximize2, MonitorPlay, ShieldCheck, Volume2, Zap } from 'lucide-react';
import { Button, IconButton, PageFrame, Tabs } from '../../ui';
import { useState } from 'react';
import { humanizeTag } from './lobby-categories';
import './lobby.css';

/** /casino/game/{id}: the frame every game renders in (the games arrive with the games issue). */
export function GamePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const name = humanizeTag(id);
  const [mode, setMode] = useState<'manual' | 'auto'>('manual');
  return (
    <PageFrame
      title={name}
      breadcrumbs={[
        { label: t('nav.casino'), to: '/' },
        { label: t('nav.originals'), to: '/casino/originals' },
        { label: name },
      ]}
      width="wide"
    >
      <div className="game-frame" data-testid="game-frame">
        <aside className="game-frame__controls" aria-label={t('app.game.controls')}>
          <Tabs
            tabs={[
              { id: 'manual', label: t('game.manual') },
              { id: 'auto', label: t('game.auto') },
            ]}
            value={mode}
            onChange={setMode}
            fullWidth
            size="sm"
            aria-label={t('app.game.betMode')}
          />
          <label className="pg-field">
            <span>{t('game.betAmount')}</span>
            <div className="game-frame__wager">
              <input
                inputMode="decimal"
                defaultValue="0.00000000"
                aria-label={t('game.betAmount')}
                disabled
              />
              <Button size="sm" variant="secondary" disabled>
                ½
              </Button>
              <Button size="sm" variant="secondary" disabled>
                2×
              </Button>
            </div>
          </label>
          <label className="pg-field">
            <span>{t('game.profitOnWin')}</span>
            <input type="text" className="pg-mono" value="0.00000000" readOnly />
          </label>
          <Button size="lg" fullWidth disabled>
            {t('game.bet')}
          </Button>
        </aside>
        <div className="game-frame__stage">
          <div>
            <MonitorPlay
              size={48}
              strokeWidth={1.25}
              aria-hidden="true"
              style={{ margin: '0 auto 12px', color: 'var(--text-dim)' }}
            />
            <h2 style={{ fontSize: 'var(--fs-lg)' }}>{name}</h2>
            <p>{t('app.game.comingSoon')}</p>
          </div>
        </div>
        <div className="game-frame__bar">
          <div className="pg-row" style={{ gap: 4 }}>
            <IconButton aria-label={t('game.fullscreen')} size="sm" disabled>
              <Maximize2 size={16} />
            </IconButton>
            <IconButton aria-label={t('game.sound')} size="sm" disabled>
              <Volume2 size={16} />
            </IconButton>
            <IconButton aria-label={t('game.quickMode')} size="sm" disabled>
              <Zap size={16} />
            </IconButton>
          </div>
          <Link to="/fairness" className="pg-row" style={{ gap: 6 }}>
            <ShieldCheck size={16} aria-hidden="true" />
            {t('game.fairness')}
          </Link>
        </div>
      </div>
    </PageFrame>
  );
}
