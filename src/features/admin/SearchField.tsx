import { useEffect, useId, useState } from 'react';
import { LIMITS } from '../../domain/company.js';

/** A search box whose value settles 250 ms after the last key, so a list is asked for once per pause in typing. */
export function SearchField({ label, placeholder, onSearch, name }: { label: string; placeholder?: string; onSearch: (q: string) => void; name: string }) {
  const id = useId();
  const [value, setValue] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => onSearch(value.trim()), 250);
    return () => clearTimeout(timer);
  }, [value, onSearch]);
  return (
    <div className="ui-field">
      <label className="ui-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        className="ui-field__control"
        type="search"
        value={value}
        maxLength={LIMITS.searchQuery}
        placeholder={placeholder}
        autoComplete="off"
        onChange={(event) => setValue(event.target.value)}
      />
    </div>
  );
}
