import { navIconAttributes, type NavIconName } from './navIcons';

/** A sidebar icon, decorative (the link's or button's text names it). */
export function NavIcon({ name }: { name: NavIconName }) {
  const { path } = navIconAttributes(name);
  return (
    <svg
      className="ls-nav-icon"
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={path.d} />
    </svg>
  );
}
