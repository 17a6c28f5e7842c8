/// <reference lib="dom" />
// The boxes of the page that scroll sideways (a long code line, a wide table) marked as such: a shadow at the edge
// that hides more (scroll bars are invisible on many systems until one scrolls), a Tab stop and a name, so that a
// keyboard can scroll them. A box that fits gets none of it: Tab skips what there is nothing to scroll in.

/** The boxes that may be wider than their content's room. */
const SCROLLERS = '#main pre, #main .table';

// Mark or unmark every scrolling box under `root` by whether its content is wider than the box today.
export function markScrollers(root: ParentNode = document): void {
  for (const box of root.querySelectorAll<HTMLElement>(SCROLLERS)) {
    const scrolls = box.scrollWidth > box.clientWidth + 1;
    box.classList.toggle('scrolls', scrolls);
    if (scrolls) {
      box.setAttribute('tabindex', '0');
      box.setAttribute('role', 'region');
      box.setAttribute('aria-label', `${box.tagName === 'PRE' ? 'code' : 'table'}, scrolls sideways`);
    } else {
      for (const name of ['tabindex', 'role', 'aria-label']) box.removeAttribute(name);
    }
  }
}

// Mark the scrolling boxes again whenever the page's width changes (a resize, the stage list folding).
export function watchScrollers(): void {
  let frame = 0;
  new ResizeObserver(() => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => markScrollers());
  }).observe(document.getElementById('main') as HTMLElement);
}
