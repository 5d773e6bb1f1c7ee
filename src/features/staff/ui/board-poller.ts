/**
 * The staff board's live updates (issue "The outlets run the shop" §2): every `POLL_MS` (and when
 * the tab comes back into view) it asks /staff/board-state for the day's orders; when they changed,
 * it fetches the board page again and swaps its content in place, and when new orders wait to be
 * picked it shows a banner and plays a short chime, unless the sound is muted (the choice is kept
 * on this device). A session that ended sends the page to the login. No framework: ~1 KB.
 */
const POLL_MS = 15_000;
const SOUND_KEY = 'xs-staff-sound';

function chime(): void {
  const Ctx = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctx) return;
  const ctx = new Ctx();
  [880, 1320].forEach((hz, i) => {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = hz;
    gain.gain.setValueAtTime(0.0001, ctx.currentTime + i * 0.18);
    gain.gain.exponentialRampToValueAtTime(0.3, ctx.currentTime + i * 0.18 + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + i * 0.18 + 0.16);
    osc.connect(gain).connect(ctx.destination);
    osc.start(ctx.currentTime + i * 0.18);
    osc.stop(ctx.currentTime + i * 0.18 + 0.17);
  });
  setTimeout(() => void ctx.close(), 800);
}

/** Starts the poller on the board page's `[data-board-live]` element. */
export function startBoardPoller(root: HTMLElement): void {
  const stateUrl = root.dataset.stateUrl!;
  const banner = root.querySelector<HTMLElement>('[data-new-orders]')!;
  const toggle = root.querySelector<HTMLButtonElement>('[data-sound-toggle]')!;
  let toPick = new Set((root.dataset.toPick ?? '').split(',').filter(Boolean));
  let busy = false;

  const soundOn = () => localStorage.getItem(SOUND_KEY) !== 'off';
  const showSound = () => {
    toggle.setAttribute('aria-pressed', String(soundOn()));
    toggle.textContent = soundOn() ? toggle.dataset.onText! : toggle.dataset.offText!;
  };
  toggle.addEventListener('click', () => {
    localStorage.setItem(SOUND_KEY, soundOn() ? 'off' : 'on');
    showSound();
  });
  showSound();

  async function refresh(): Promise<void> {
    const res = await fetch(location.href, { headers: { accept: 'text/html' } });
    if (!res.ok) return;
    const doc = new DOMParser().parseFromString(await res.text(), 'text/html');
    const fresh = doc.querySelector('[data-board-content]');
    const current = document.querySelector('[data-board-content]');
    if (fresh && current) current.replaceWith(document.importNode(fresh, true));
  }

  async function poll(): Promise<void> {
    if (busy || document.visibilityState === 'hidden') return;
    busy = true;
    try {
      const res = await fetch(stateUrl, { headers: { accept: 'application/json' } });
      if (res.status === 401) return location.reload();
      if (!res.ok) return;
      const state = (await res.json()) as { signature: string; toPick: string[] };
      const current = document.querySelector<HTMLElement>('[data-board-content]')?.dataset.signature;
      if (state.signature === current) return;
      const fresh = state.toPick.filter((r) => !toPick.has(r));
      toPick = new Set(state.toPick);
      await refresh();
      if (fresh.length) {
        banner.textContent = (fresh.length === 1 ? banner.dataset.one! : banner.dataset.many!).replace('{count}', String(fresh.length));
        banner.hidden = false;
        if (soundOn()) chime();
      }
    } catch {
      // Offline for a moment: the next poll tries again.
    } finally {
      busy = false;
    }
  }

  setInterval(() => void poll(), POLL_MS);
  document.addEventListener('visibilitychange', () => void poll());
  banner.addEventListener('click', () => (banner.hidden = true));
}
