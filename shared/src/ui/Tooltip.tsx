import { Portal, Tooltip as ChakraTooltip } from '@chakra-ui/react';
import { useState, type ReactElement, type ReactNode } from 'react';
import { TOOLTIP_CLOSE_DELAY_MS, TOOLTIP_DISTANCE, TOOLTIP_OPEN_DELAY_MS } from '@leadsmith/shared/core';

export interface TooltipProps {
  /** What the tooltip says. */
  content: ReactNode;
  /** One focusable element (a button, a link): the trigger. */
  children: ReactElement;
}

/**
 * The product's tooltip, with the spec's defaults (§9, shared/src/constants/timings.ts): opened by hover
 * (after TOOLTIP_OPEN_DELAY_MS), focus and click, TOOLTIP_DISTANCE px from its trigger, closed by Escape,
 * by leaving (after TOOLTIP_CLOSE_DELAY_MS) or by blur. Every tooltip of the app goes through it.
 */
export function Tooltip({ content, children }: TooltipProps) {
  const [open, setOpen] = useState(false);
  return (
    <ChakraTooltip.Root
      open={open}
      onOpenChange={(details) => setOpen(details.open)}
      openDelay={TOOLTIP_OPEN_DELAY_MS}
      closeDelay={TOOLTIP_CLOSE_DELAY_MS}
      closeOnClick={false}
      positioning={{ offset: { mainAxis: TOOLTIP_DISTANCE } }}
    >
      {/* Click is a trigger too (spec §9): a touch screen has no hover. */}
      <ChakraTooltip.Trigger asChild onClick={() => setOpen(true)}>
        {children}
      </ChakraTooltip.Trigger>
      <Portal>
        <ChakraTooltip.Positioner>
          <ChakraTooltip.Content>{content}</ChakraTooltip.Content>
        </ChakraTooltip.Positioner>
      </Portal>
    </ChakraTooltip.Root>
  );
}
