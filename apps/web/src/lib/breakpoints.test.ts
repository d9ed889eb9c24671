// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BREAKPOINTS, breakpointOf, useBreakpoint, useWindowWidth } from './breakpoints';

describe('breakpointOf', () => {
  it.each([
    [2560, 'xl'],
    [1800, 'xl'],
    [1799, 'lg'],
    [1200, 'lg'],
    [1199, 'md'],
    [900, 'md'],
    [899, 'sm'],
    [600, 'sm'],
    [599, 'xs'],
    [320, 'xs'],
    [319, 'na'],
    [0, 'na'],
  ] as const)('%i px is %s', (width, expected) => {
    expect(breakpointOf(width)).toBe(expected);
  });

  it('uses the spec values', () => {
    expect(BREAKPOINTS).toEqual({ xl: 1800, lg: 1200, md: 900, sm: 600, xs: 320 });
  });
});

describe('useWindowWidth / useBreakpoint', () => {
  it('follow window resizes', async () => {
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => {
      cb(0);
      return 0;
    });
    const widthSpy = vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(1300);
    const { result } = renderHook(() => ({ width: useWindowWidth(), bp: useBreakpoint() }));
    expect(result.current).toEqual({ width: 1300, bp: 'lg' });
    widthSpy.mockReturnValue(500);
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
    expect(result.current).toEqual({ width: 500, bp: 'xs' });
    vi.restoreAllMocks();
  });
});
