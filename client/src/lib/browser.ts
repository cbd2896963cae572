// Leaving the single-page app for a server route (a sign-on or logout redirect chain).
export function leaveTo(url: string): void {
  window.location.assign(url);
}
