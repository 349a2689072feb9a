import { Field, Input } from '@chakra-ui/react';
import { useEffect, useState } from 'react';

/** A search input that reports after typing pauses (one request, not one per key). */
export function SearchBox({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return undefined;
    const timer = setTimeout(() => onChange(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);
  return (
    <Field.Root maxW="20rem">
      <Field.Label fontSize="sm">{label}</Field.Label>
      <Input size="sm" type="search" value={text} onChange={(e) => setText(e.target.value)} />
    </Field.Root>
  );
}
