import { Badge, HStack } from '@chakra-ui/react';

/** A result's custom labels, as badges under its name. */
export function ResultLabels({ labels }: { labels: string[] }) {
  if (!labels.length) return null;
  return (
    <HStack gap={1} wrap="wrap" mt={1} data-testid="result-labels">
      {labels.map((l) => (
        <Badge key={l} colorPalette="blue" variant="outline">
          {l}
        </Badge>
      ))}
    </HStack>
  );
}
