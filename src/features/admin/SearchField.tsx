import { useEffect, useId, useState } from 'react';
import { LIMITS } from '../../domain/company.js';
import { Field } from '../../ui/Field.js';
import { Input } from '../../ui/Input.js';

/** A search box whose value settles 250 ms after the last key, so a list is asked for once per pause in typing. */
export function SearchField({ label, placeholder, onSearch, name }: { label: string; placeholder?: string; onSearch: (q: string) => void; name: string }) {
  const id = useId();
  const [value, setValue] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => onSearch(value.trim()), 250);
    return () => clearTimeout(timer);
  }, [value, onSearch]);
  return (
    <Field id={id} name={name} label={label}>
      {(a11y) => (
        <Input
          {...a11y}
          name={name}
          type="search"
          value={value}
          maxLength={LIMITS.searchQuery}
          placeholder={placeholder}
          autoComplete="off"
          onChange={(event) => setValue(event.target.value)}
        />
      )}
    </Field>
  );
}
