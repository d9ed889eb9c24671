import type { CSSProperties } from 'react';
import clsx from 'clsx';
import './skeleton.css';

export interface SkeletonProps {
  width?: number | string;
  height?: number | string;
  /** 'text' is a line of text height; 'circle' is round (avatars); 'rect' a block (tiles, cards). */
  shape?: 'text' | 'rect' | 'circle';
  radius?: number | string;
  className?: string;
  style?: CSSProperties;
}

/** A shimmering placeholder block; decorative (the loading container should carry aria-busy). */
export function Skeleton({ width, height, shape = 'rect', radius, className, style }: SkeletonProps) {
  return (
    <span
      aria-hidden="true"
      className={clsx('ui-skeleton', `ui-skeleton--${shape}`, className)}
      style={{ width, height, borderRadius: radius, ...style }}
    />
  );
}

export interface SkeletonTextProps {
  lines?: number;
  className?: string;
}

/** Several text lines, the last one shorter. */
export function SkeletonText({ lines = 3, className }: SkeletonTextProps) {
  return (
    <span className={clsx('ui-skeleton-text', className)} aria-hidden="true">
      {Array.from({ length: lines }, (_, index) => (
        <Skeleton key={index} shape="text" width={index === lines - 1 && lines > 1 ? '60%' : '100%'} />
      ))}
    </span>
  );
}

export interface SkeletonGridProps {
  count?: number;
  /** Minimum tile width; the grid fills the row. */
  minWidth?: number;
  /** Tile aspect ratio, e.g. '195 / 196' for game tiles. */
  aspectRatio?: string;
  className?: string;
}

/** A grid of tile placeholders (game lists, providers). */
export function SkeletonGrid({
  count = 12,
  minWidth = 140,
  aspectRatio = '195 / 196',
  className,
}: SkeletonGridProps) {
  return (
    <div
      className={clsx('ui-skeleton-grid', className)}
      style={{ gridTemplateColumns: `repeat(auto-fill, minmax(${minWidth}px, 1fr))` }}
      aria-hidden="true"
    >
      {Array.from({ length: count }, (_, index) => (
        <Skeleton key={index} style={{ aspectRatio }} radius="var(--radius)" />
      ))}
    </div>
  );
}
