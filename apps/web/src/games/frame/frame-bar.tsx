/** The bar under the stage: fullscreen, sound, quick mode, profit monitor; house edge and Fairness. */
import { ChartLine, Maximize2, Minimize2, ShieldCheck, Volume2, VolumeX, Zap } from 'lucide-react';
import { IconButton } from '../../ui';
import { useAppStore } from '../../lib/store';
import { useProfitMonitor } from './profit-monitor-store';
import { useTranslation } from '../../lib/i18n';

export interface FrameBarProps {
  fullscreen: boolean;
  onFullscreen: () => void;
  onFairness: () => void;
  houseEdgeBps: number;
}

export function FrameBar({ fullscreen, onFullscreen, onFairness, houseEdgeBps }: FrameBarProps) {
  const { t } = useTranslation();
  const sound = useAppStore((state) => state.sound);
  const quick = useAppStore((state) => state.quick);
  const setSetting = useAppStore((state) => state.setSetting);
  const monitorOpen = useProfitMonitor((state) => state.open);
  const toggleMonitor = useProfitMonitor((state) => state.toggle);
  return (
    <div className="gf-bar">
      <div className="gf-bar__tools">
        <IconButton
          size="sm"
          aria-label={fullscreen ? t('gameFrame.bar.exitFullscreen') : t('gameFrame.bar.fullscreen')}
          title={fullscreen ? t('gameFrame.bar.exitFullscreen') : t('gameFrame.bar.fullscreen')}
          active={fullscreen}
          onClick={onFullscreen}
          data-testid="fullscreen-toggle"
        >
          {fullscreen ? <Minimize2 size={16} /> : <Maximize2 size={16} />}
        </IconButton>
        <IconButton
          size="sm"
          aria-label={t('gameFrame.bar.sound')}
          title={t('gameFrame.bar.sound')}
          active={sound}
          aria-pressed={sound}
          onClick={() => setSetting('sound', !sound)}
          data-testid="sound-toggle"
        >
          {sound ? <Volume2 size={16} /> : <VolumeX size={16} />}
        </IconButton>
        <IconButton
          size="sm"
          aria-label={t('gameFrame.bar.quick')}
          title={t('gameFrame.bar.quick')}
          active={quick}
          aria-pressed={quick}
          onClick={() => setSetting('quick', !quick)}
          data-testid="quick-toggle"
        >
          <Zap size={16} />
        </IconButton>
        <IconButton
          size="sm"
          aria-label={t('gameFrame.bar.monitor')}
          title={t('gameFrame.bar.monitor')}
          active={monitorOpen}
          aria-pressed={monitorOpen}
          onClick={toggleMonitor}
          data-testid="monitor-toggle"
        >
          <ChartLine size={16} />
        </IconButton>
      </div>
      <div className="gf-bar__info">
        <span className="gf-bar__edge">
          {t('gameFrame.bar.houseEdge', { value: (houseEdgeBps / 100).toFixed(2) })}
        </span>
        <button type="button" className="gf-bar__fair" onClick={onFairness} data-testid="fairness-button">
          <ShieldCheck size={16} aria-hidden="true" />
          {t('gameFrame.bar.fairness')}
        </button>
      </div>
    </div>
  );
}
