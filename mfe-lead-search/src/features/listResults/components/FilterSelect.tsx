import { Box, NativeSelect, chakra } from '@chakra-ui/react';

/** A labelled select of the list's toolbar: each option is [value, label]. */
export function FilterSelect({ id, label, value, onChange, options }: { id: string; label: string; value: string; onChange: (value: string) => void; options: [string, string][] }) {
  return (
    <Box>
      <chakra.label htmlFor={id} fontSize="sm" fontWeight="medium" display="block">
        {label}
      </chakra.label>
      <NativeSelect.Root size="sm" w="48">
        <NativeSelect.Field id={id} value={value} onChange={(e) => onChange(e.target.value)}>
          {options.map(([v, l]) => (
            <option key={v} value={v}>
              {l}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Box>
  );
}
