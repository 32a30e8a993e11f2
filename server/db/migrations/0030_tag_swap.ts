/**
 * 0030 — replacing a vehicle's tag (QrTagService.ReplaceTag): a damaged or lost sticker gives way to a new one, and
 * the vehicle keeps its history.
 *
 * - qr_tags.replaced_at / replaced_by: the tag was replaced by that tag. It no longer opens its vehicle (target_id is
 *   cleared, so every device that held it for the vehicle loses it), and it is not free either: nobody can claim it
 *   by scanning it, so an old sticker left on a sold car never gives that car's page to a stranger. Only an
 *   administrator, who points tags anywhere, may give it a vehicle again (which clears the mark).
 * - vehicle_events kind 'tag_replaced': the vehicle's history tells the swap, detail 'OLD NEW'; the new tag's
 *   link is told as any link ('tag_linked').
 *
 * This string goes through String.raw: backslashes stay as written, and it must never contain "${".
 */
export default String.raw`
alter table qr_tags add column replaced_at timestamptz, add column replaced_by text references qr_tags (id);

alter table vehicle_events drop constraint vehicle_events_kind_check;
alter table vehicle_events add constraint vehicle_events_kind_check
  check (kind in ('ownership', 'renamed', 'visibility', 'info', 'tag_linked', 'tag_unlinked', 'tag_replaced'));

create or replace function tagbook_qr_tags_history() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' then
    if old.target_id is not distinct from new.target_id then
      return null;
    end if;
    if old.target_id is not null and new.replaced_by is not null and old.replaced_by is null then
      perform tagbook_log_vehicle_event(old.target_id, 'tag_replaced', new.id || ' ' || new.replaced_by);
    elsif old.target_id is not null then
      perform tagbook_log_vehicle_event(old.target_id, 'tag_unlinked', new.id);
    end if;
  end if;
  if new.target_id is not null then
    perform tagbook_log_vehicle_event(new.target_id, 'tag_linked', new.id);
  end if;
  return null;
end;
$$;

-- A replaced tag given a vehicle again (an administrator's deliberate act) is a tag like any other.
create function tagbook_qr_tags_unreplace() returns trigger language plpgsql as $$
begin
  if new.target_id is not null and new.replaced_at is not null and old.target_id is null then
    new.replaced_at := null;
    new.replaced_by := null;
  end if;
  return new;
end;
$$;
create trigger qr_tags_unreplace before update of target_id on qr_tags
  for each row execute function tagbook_qr_tags_unreplace();
`;
