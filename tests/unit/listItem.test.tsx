import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactElement } from 'react';
import Car from 'lucide-react/icons/car';
import Check from 'lucide-react/icons/check';
import ChevronRight from 'lucide-react/icons/chevron-right';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { describe, expect, it } from 'vitest';
import { ListItem, ListItemDetail } from '../../src/ui/ListItem.js';

const html = (element: ReactElement) => renderToStaticMarkup(element);

// Each row is compared with the markup pages wrote by hand before the kit had a row: e2e tests and accessibility
// checks select on those elements, classes and attributes, so the component must write exactly the same.
describe('ListItem', () => {
  it('as a link: icon, title over its details, end part, end icon, in that order', () => {
    expect(
      html(
        <ListItem to="/v/1" data-vehicle="1" icon={Car} iconSize={20} title="Blue van" end={<b>VIN</b>} endIcon={ChevronRight}>
          <ListItemDetail>2019 · Ford</ListItemDetail>
          <ListItemDetail data-owner="a@b.c">Owner: a@b.c</ListItemDetail>
        </ListItem>,
      ),
    ).toBe(
      html(
        <a data-vehicle="1" className="ui-list-item" href="/v/1">
          <Car className="ui-list-item__icon" size={20} aria-hidden="true" />
          <span className="ui-list-item__text">
            <span className="ui-list-item__title">Blue van</span>
            <span className="ui-list-item__detail">2019 · Ford</span>
            <span data-owner="a@b.c" className="ui-list-item__detail">
              Owner: a@b.c
            </span>
          </span>
          <b>VIN</b>
          <ChevronRight className="ui-list-item__end" size={20} aria-hidden="true" />
        </a>,
      ),
    );
  });

  it('as a button by default, passing aria and data attributes and its state through', () => {
    expect(html(<ListItem aria-pressed data-workspace-choice="me" disabled onClick={() => {}} title="Personal" endIcon={Check} />)).toBe(
      html(
        <button aria-pressed data-workspace-choice="me" disabled type="button" className="ui-list-item">
          <span className="ui-list-item__text">
            <span className="ui-list-item__title">Personal</span>
          </span>
          <Check className="ui-list-item__end" size={20} aria-hidden="true" />
        </button>,
      ),
    );
  });

  it('as a plain list element, adding the caller’s classes after its own', () => {
    expect(html(<ListItem as="li" className="notification-entry" data-type="error" title="Failed" />)).toBe(
      html(
        <li data-type="error" className="ui-list-item notification-entry">
          <span className="ui-list-item__text">
            <span className="ui-list-item__title">Failed</span>
          </span>
        </li>,
      ),
    );
    expect(html(<ListItem as="div" title="Row" />)).toBe('<div class="ui-list-item"><span class="ui-list-item__text"><span class="ui-list-item__title">Row</span></span></div>');
  });

  it('names an icon that says more than the title, and places a ready element as it is', () => {
    expect(html(<ListItem to="/u" icon={ShieldCheck} iconSize={20} iconLabel="Admin" title="Ann" />)).toContain(
      html(<ShieldCheck className="ui-list-item__icon" size={20} aria-label="Admin" />),
    );
    expect(html(<ListItem to="/v" icon={<span className="vehicle-visibility" />} title="Van" titleClassName="request-list__title" />)).toBe(
      '<a class="ui-list-item" href="/v"><span class="vehicle-visibility"></span><span class="ui-list-item__text">' +
        '<span class="ui-list-item__title request-list__title">Van</span></span></a>',
    );
  });
});
