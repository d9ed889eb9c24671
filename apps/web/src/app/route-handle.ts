/** Metadata the route table attaches to each route (read by the guards and the shell). */
export interface RouteHandle {
  /** Stable page id; tests and the shell use it to tell which page a URL resolves to. */
  page?: string;
  /** Needs a signed-in user: guests get the login modal and the navigation is cancelled. */
  auth?: boolean;
  /**
   * Needs this permission id (type `active`), or any one of these ids; failing sends the user to `/`.
   */
  permission?: string | readonly string[];
  /** Needs this licence plugin; when it is off the route shows the not-found page. */
  plugin?: string;
  /** Renders alone, without the shell. */
  hideLayout?: boolean;
  /** Casino pages show the live feed under the page. */
  casino?: boolean;
  /** Fixed sport type of the route (`sport` means SPORTS, anything else ESPORTS). */
  sportType?: string;
}

export function readHandle(handle: unknown): RouteHandle {
  return handle && typeof handle === 'object' ? (handle as RouteHandle) : {};
}
