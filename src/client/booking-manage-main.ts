/**
 * Entry of the booking's manage page, which the server renders (src/server/booking/manage-page/,
 * docs/booking.md): no React. It writes the call's time in the visitor's time zone (named): the
 * one their booking holds (the server wrote the page in it), else the browser's own. It
 * lists the free times to move to as radio buttons whose names are the full date and time, and
 * posts the move or the cancellation as JSON; each answer is announced in a live region and
 * focused.
 */
import './styles.css';
import { MANAGE_TEXTS as T } from '#shared/booking-manage-texts';
import { choiceChip } from '#shared/choice-chip';
import {
  meetingText,
  ownZone,
  slotsByDay,
  slotName,
  timeText,
  type Slot,
} from '#shared/meeting-time';

const manage = document.querySelector<HTMLElement>('[data-manage]');
const when = document.querySelector<HTMLElement>('[data-when]');
const heading = document.querySelector<HTMLElement>('[data-heading]');
/** The zone the visitor booked in (docs/booking.md, "The manage link"), else the browser's. */
const bookedZone = when?.dataset.zone;
const zone = bookedZone ?? ownZone();

function showWhen(start: string, end: string): void {
  if (!when) return;
  when.dataset.start = start;
  when.dataset.end = end;
  when.textContent = meetingText(new Date(start), new Date(end), zone);
}

function announce(target: HTMLElement | null, outcome: 'success' | 'failed', text: string): void {
  if (!target) return;
  target.dataset.outcome = outcome;
  target.textContent = text;
  target.focus();
}

async function post(path: string, body: unknown): Promise<{ ok: boolean; data: unknown }> {
  try {
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { ok: response.ok, data: await response.json().catch(() => null) };
  } catch {
    return { ok: false, data: null };
  }
}

/** The server's own message for a refusal it explains (a taken time, the cut-off). */
function messageOf(data: unknown): string {
  if (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string')
    return data.message;
  return T.failed;
}

/** The free times grouped by the visitor's own days, each a radio named by its full date and time. */
/** A free time as the API sends it: its start and end. */
function isSlot(value: unknown): value is Slot {
  return (
    typeof value === 'object' &&
    value !== null &&
    'start' in value &&
    typeof value.start === 'string' &&
    'end' in value &&
    typeof value.end === 'string'
  );
}

function renderTimes(container: HTMLElement, slots: Slot[]): void {
  container.replaceChildren();
  let index = 0;
  for (const { name: day, slots: daySlots } of slotsByDay(slots, zone)) {
    const group = document.createElement('div');
    const title = document.createElement('p');
    title.className = 'font-semibold text-ink';
    title.textContent = day;
    const list = document.createElement('div');
    list.className = 'mt-2 grid grid-cols-3 gap-2';
    for (const slot of daySlots) {
      const id = `slot-${index++}`;
      const input = document.createElement('input');
      input.type = 'radio';
      input.name = 'start';
      input.value = slot.start;
      input.id = id;
      input.className = 'peer sr-only';
      input.required = true;
      const label = document.createElement('label');
      label.htmlFor = id;
      label.className = choiceChip;
      label.textContent = timeText(new Date(slot.start), zone);
      // The accessible name is the whole date and time, not "10:00" alone.
      label.setAttribute('aria-label', slotName(new Date(slot.start), zone));
      const cell = document.createElement('div');
      cell.append(input, label);
      list.append(cell);
    }
    group.append(title, list);
    container.append(group);
  }
}

function setUp(root: HTMLElement): void {
  // The call's own token, or an engagement page's link and the call's id (docs/engagements.md).
  const link = {
    token: root.dataset.token ?? '',
    ...(root.dataset.call ? { call: Number(root.dataset.call) } : {}),
  };
  for (const part of root.querySelectorAll<HTMLElement>('[data-needs-script]')) part.hidden = false;
  const showTimes = root.querySelector<HTMLButtonElement>('[data-show-times]');
  const moveForm = root.querySelector<HTMLFormElement>('form[data-move]');
  const times = root.querySelector<HTMLElement>('[data-times]');
  const moveStatus = root.querySelector<HTMLElement>('[data-move-status]');
  const cancelForm = root.querySelector<HTMLFormElement>('form[data-cancel]');
  const cancelStatus = root.querySelector<HTMLElement>('[data-cancel-status]');
  const zoneLegend = root.querySelector<HTMLElement>('[data-zone]');
  if (zoneLegend) zoneLegend.textContent = `${T.pickTime} (${zone})`;
  let busy = false;

  showTimes?.addEventListener('click', async () => {
    if (busy || !times || !moveForm) return;
    busy = true;
    showTimes.setAttribute('aria-disabled', 'true');
    announce(moveStatus, 'success', T.loadingTimes);
    try {
      const response = await fetch('/api/booking/slots');
      const data: unknown = await response.json();
      const offered =
        typeof data === 'object' && data !== null && 'slots' in data && Array.isArray(data.slots)
          ? data.slots.filter(isSlot)
          : [];
      // The booking's own time is not a time to move to.
      const slots = offered.filter((slot) => slot.start !== when?.dataset.start);
      if (!response.ok) throw new Error(String(response.status));
      if (slots.length === 0) {
        announce(moveStatus, 'failed', T.noTimes);
      } else {
        renderTimes(times, slots);
        moveForm.hidden = false;
        showTimes.hidden = true;
        if (moveStatus) moveStatus.textContent = '';
        times.querySelector<HTMLInputElement>('input')?.focus();
      }
    } catch {
      announce(moveStatus, 'failed', T.timesFailed);
    } finally {
      busy = false;
      showTimes.removeAttribute('aria-disabled');
    }
  });

  moveForm?.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (busy) return;
    const start = new FormData(moveForm).get('start');
    if (typeof start !== 'string') return;
    busy = true;
    // The zone the times were chosen in: the mails of the move, and after, are written in it.
    const { ok, data } = await post('/api/booking/reschedule', { ...link, start, timezone: zone });
    busy = false;
    if (ok && data && typeof data === 'object' && 'booking' in data && isSlot(data.booking)) {
      const booking = data.booking;
      showWhen(booking.start, booking.end);
      moveForm.hidden = true;
      if (showTimes) showTimes.hidden = false;
      announce(moveStatus, 'success', T.moved);
    } else {
      announce(moveStatus, 'failed', messageOf(data));
    }
  });

  cancelForm?.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (busy) return;
    busy = true;
    const reason = String(new FormData(cancelForm).get('reason') ?? '').trim();
    const { ok, data } = await post('/api/booking/cancel', {
      ...link,
      ...(reason ? { reason } : {}),
    });
    busy = false;
    if (!ok) {
      announce(cancelStatus, 'failed', messageOf(data));
      return;
    }
    if (heading) {
      document.title = document.title.replace(heading.textContent ?? '', T.cancelledHeading);
      heading.textContent = T.cancelledHeading;
    }
    // Only the outcome stays: there is nothing left to move or cancel.
    for (const part of root.querySelectorAll<HTMLElement>('[data-needs-script]')) {
      if (!part.contains(cancelStatus)) part.hidden = true;
    }
    cancelForm.hidden = true;
    announce(cancelStatus, 'success', T.cancelled);
  });
}

// The server wrote the booked zone's time (with the owner's beside it); else it is rewritten here.
if (!bookedZone && when?.dataset.start && when.dataset.end) {
  showWhen(when.dataset.start, when.dataset.end);
}
if (manage) setUp(manage);
