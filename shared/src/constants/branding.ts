/** Spec §3 defaults: primary #573BFF, secondary #01C0F6, primary text #202633 (secondary text #A0AEC0 is the UI's muted text). */
export const DEFAULT_COLORS = {
  primary: '#573BFF',
  secondary: '#01C0F6',
  primaryText: '#202633',
  secondaryText: '#A0AEC0',
} as const;
