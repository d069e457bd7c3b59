// An id as the page shows it, in one of three forms, all from shared/ids.ts:
// - abbreviated (the default): abbreviateId's "GDHA6P…R3MVQZ";
// - full: every character, cut in the middle ("GDHA6P4HEX…R3MVQZ") only when its box is too narrow;
// - grouped: every character in groups of four, where ids are compared by eye.
// The abbreviated and full forms hold the whole id in the page, as a head that CSS shortens with an
// ellipsis and a tail of six that always shows: an id is never cut at its edge, a selection copies
// all of it, and a narrow column shortens its middle (styles.css `.idt`).
import { abbreviateId, ID_TAIL, idBody, idGroups } from '../../../shared/ids';

export type IdForm = 'abbreviated' | 'full' | 'grouped';

export function IdText({ id, form = 'abbreviated' }: { id: string; form?: IdForm | undefined }) {
  if (form === 'grouped') {
    return (
      <span className="idt idt-grouped">
        {idGroups(id).map((group, i) => (
          <span key={i} className="grp">
            {group}
          </span>
        ))}
      </span>
    );
  }
  // The abbreviated form leaves out a claimable balance's type prefix (kept in the page, hidden).
  const abbreviated = form === 'abbreviated' && abbreviateId(id) !== idBody(id);
  const body = abbreviated ? idBody(id) : id;
  const prefix = id.slice(0, id.length - body.length);
  const split = body.length > ID_TAIL + 2 ? body.length - ID_TAIL : body.length;
  return (
    <span className={abbreviated ? 'idt idt-abbr' : 'idt'} data-abbr={abbreviated ? abbreviateId(id) : undefined}>
      {prefix ? <span className="idt-type">{prefix}</span> : null}
      <span className="idt-head">{body.slice(0, split)}</span>
      {split < body.length ? <span className="idt-tail">{body.slice(split)}</span> : null}
    </span>
  );
}
