import { Checkbox } from '@chakra-ui/react';
import type { CSSProperties } from 'react';

/**
 * The box's real input laid transparent over the whole checkbox instead of clipped to 1 px: a click
 * anywhere on it lands on the input itself (and an automated click aimed at the input is not taken
 * by the drawn box above it), while the design system still draws the box and its focus ring.
 */
export const CHECKBOX_INPUT_OVER: CSSProperties = {
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  margin: 0,
  padding: 0,
  opacity: 0,
  clip: 'auto',
  overflow: 'visible',
  cursor: 'pointer',
  zIndex: 1,
};

export interface SelectCheckboxProps {
  /** The accessible name ("Select Ada Lovelace"), read out but not shown: the row says whose box it is. */
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** The design system's checkbox for choosing a row of a table or a card (a bulk action's selection). */
export function SelectCheckbox({ label, checked, onChange }: SelectCheckboxProps) {
  return (
    <Checkbox.Root size="sm" position="relative" checked={checked} onCheckedChange={(e) => onChange(e.checked === true)}>
      <Checkbox.HiddenInput style={CHECKBOX_INPUT_OVER} />
      <Checkbox.Control />
      <Checkbox.Label srOnly>{label}</Checkbox.Label>
    </Checkbox.Root>
  );
}
