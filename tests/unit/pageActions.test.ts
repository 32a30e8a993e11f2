import { describe, expect, it } from 'vitest';
import Info from 'lucide-react/icons/info';
import { getPageActions, registerPageActions } from '../../src/app/actions/pageActions.js';

const action = (id: string) => ({ id, label: id, icon: Info, run: () => {} });

describe('page actions registry', () => {
  it('offers the actions of the page mounted last, and falls back when it leaves', () => {
    expect(getPageActions()).toEqual([]);
    const outer = registerPageActions([action('outer')]);
    const inner = registerPageActions([action('inner-1'), action('inner-2')]);
    expect(getPageActions().map((a) => a.id)).toEqual(['inner-1', 'inner-2']);
    inner();
    expect(getPageActions().map((a) => a.id)).toEqual(['outer']);
    inner();
    expect(getPageActions().map((a) => a.id)).toEqual(['outer']);
    outer();
    expect(getPageActions()).toEqual([]);
  });
});
