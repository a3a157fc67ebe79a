import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { navigate } from '../../lib/stores/router.ts';
import { isWorkspacePath } from './routes.ts';

type Props = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

/** An anchor that navigates inside the workspace without a page load; other links behave normally. */
export function Link({ href, onClick, ...rest }: Props) {
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const url = new URL(href, window.location.href);
    if (url.origin !== window.location.origin || !isWorkspacePath(url.pathname) || rest.target) return;
    event.preventDefault();
    navigate(href);
  }
  return <a href={href} onClick={handleClick} {...rest} />;
}
