/**
 * The local sportsbook's renderer page: what the external sportsbook's frame shows in development
 * (one HTML document with its own style and script, no dependency), labelled "Simulated". It talks to
 * the page around it with `postMessage` on our own origin only: it says `bt:ready`, is given the player
 * JWT by `bt:init`, tells its path with `bt:route` and follows `bt:navigate`; after a bet it says
 * `bt:bet`. Events, bets and the slip go through `/api/local-sportsbook/*` with the JWT, never cookies.
 */
import { EXTERNAL_SPORTS } from '@nebula/contracts';

/** The page for renderer path `path` (its script carries `nonce`, allowed by the page's CSP). */
export function rendererPage(path: string, nonce: string): string {
  const boot = JSON.stringify({ path, sports: EXTERNAL_SPORTS }).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sportsbook · Simulated</title>
<style>
*{box-sizing:border-box}html,body{margin:0;min-height:100%}
body{font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#e6eaf5;background:#0f1422}
button{font:inherit;color:inherit;border:0;cursor:pointer;background:none}
.top{display:flex;align-items:center;gap:10px;padding:10px 14px;background:#141a2b;border-bottom:1px solid #ffffff12;position:sticky;top:0;z-index:3}
.brand{font-weight:800;font-size:15px;letter-spacing:.01em}
.badge{font-size:11px;font-weight:700;letter-spacing:.05em;text-transform:uppercase;padding:3px 8px;border-radius:999px;background:#ffb02022;color:#ffc861;border:1px solid #ffb02050}
.who{margin-left:auto;font-size:12px;color:#8e97b3;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}.who b{color:#e6eaf5}
.layout{display:grid;grid-template-columns:200px minmax(0,1fr) 300px;gap:14px;padding:14px;align-items:start}
nav{display:flex;flex-direction:column;gap:2px;background:#141a2b;border-radius:12px;padding:8px;position:sticky;top:62px;max-height:calc(100vh - 76px);overflow:auto}
nav button{display:flex;align-items:center;gap:8px;text-align:left;padding:8px 10px;border-radius:8px;color:#b5bdd6;font-weight:600;font-size:13px;white-space:nowrap}
nav button:hover{background:#1c2338;color:#fff}nav button[aria-current=page]{background:#25305066;color:#fff;box-shadow:inset 3px 0 0 #3d8bff}
nav .sep{height:1px;background:#ffffff12;margin:6px 4px}
.dot{width:8px;height:8px;border-radius:50%;background:#ff4d5e;box-shadow:0 0 0 3px #ff4d5e33;flex:none}
main{min-width:0}
h1{font-size:18px;margin:2px 0 12px;display:flex;align-items:center;gap:8px}
.card{background:#161d30;border:1px solid #ffffff0d;border-radius:12px;padding:12px 14px;margin-bottom:10px}
.meta{display:flex;gap:8px;align-items:center;color:#8e97b3;font-size:12px;margin-bottom:8px}
.live{color:#ff6b78;font-weight:800;letter-spacing:.04em}
.teams{font-weight:700;font-size:15px;margin-bottom:10px}
.odds{display:grid;grid-template-columns:repeat(auto-fit,minmax(90px,1fr));gap:8px}
.odd{display:flex;justify-content:space-between;gap:8px;padding:9px 12px;border-radius:9px;background:#1f2740;font-variant-numeric:tabular-nums;min-width:0}
.odd span{color:#b5bdd6;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}.odd b{color:#fff}
.odd:hover{background:#27314f}.odd[aria-pressed=true]{background:#3d8bff;box-shadow:0 0 0 1px #7fb0ff}.odd[aria-pressed=true] span{color:#e9f1ff}
.odd:disabled{opacity:.45;cursor:not-allowed}
.slip{background:#161d30;border:1px solid #ffffff0d;border-radius:12px;padding:14px;position:sticky;top:62px}
.slip h2{font-size:15px;margin:0 0 10px}
.empty{color:#8e97b3;font-size:13px;padding:6px 0}
.pick{background:#1f2740;border-radius:9px;padding:10px 12px;margin-bottom:10px}.pick small{display:block;color:#8e97b3}.pick .row{display:flex;justify-content:space-between;font-weight:700;margin-top:4px}
label{display:block;font-size:12px;color:#8e97b3;margin:0 0 4px}
input{width:100%;background:#0f1422;border:1px solid #ffffff22;color:#fff;border-radius:9px;padding:10px 12px;font:inherit;font-variant-numeric:tabular-nums}
input:focus{outline:2px solid #3d8bff;border-color:transparent}
.chips{display:flex;gap:6px;margin:8px 0}.chips button{flex:1;background:#1f2740;border-radius:8px;padding:6px 0;font-weight:600;color:#b5bdd6}
.sum{display:flex;justify-content:space-between;color:#8e97b3;margin:8px 0 12px;font-variant-numeric:tabular-nums}.sum b{color:#4ce08a}
.place{width:100%;padding:12px;border-radius:10px;background:linear-gradient(#4f9bff,#2f7bf0);color:#fff;font-weight:800;font-size:15px}
.place:disabled{opacity:.55;cursor:not-allowed}
.msg{min-height:20px;margin-top:10px;font-weight:600;font-size:13px}.msg.ok{color:#4ce08a}.msg.err{color:#ff7a85}
.bet{display:grid;grid-template-columns:1fr auto;gap:2px 10px}.bet .st{font-size:11px;font-weight:800;text-transform:uppercase;padding:3px 8px;border-radius:999px;align-self:start}
.st.open{background:#3d8bff22;color:#8fbaff}.st.won{background:#4ce08a22;color:#4ce08a}.st.lost{background:#ff4d5e22;color:#ff7a85}.st.refund,.st.discarded{background:#ffffff14;color:#b5bdd6}
.bet small{color:#8e97b3}.num{font-variant-numeric:tabular-nums}
.note{color:#6f7894;font-size:11px;margin-top:12px}
@media (max-width:1000px){.layout{grid-template-columns:170px minmax(0,1fr)}nav{grid-row:1/span 2}.slip{grid-column:2;position:sticky;top:auto;bottom:0;box-shadow:0 -10px 30px #0009}}
@media (max-width:680px){.layout{grid-template-columns:1fr;padding:10px;gap:10px}nav{grid-row:auto;flex-direction:row;overflow-x:auto;position:static;max-height:none;padding:6px}nav .sep{display:none}nav button[aria-current=page]{box-shadow:inset 0 -3px 0 #3d8bff}
.slip{grid-column:auto;position:sticky;bottom:0;top:auto;border-radius:14px 14px 0 0;box-shadow:0 -10px 30px #000a}
.odd{flex-direction:column;align-items:flex-start;gap:2px}.odd span{font-size:12px;max-width:100%}}
</style></head>
<body>
<div class="top"><span class="brand">Sportsbook</span><span class="badge" data-testid="simulated-sportsbook">Simulated</span><span class="who" id="who">Connecting…</span></div>
<div class="layout">
<nav id="nav" aria-label="Sports"></nav>
<main id="main" aria-live="polite"></main>
<aside class="slip" aria-label="Bet slip"><h2>Bet slip</h2><div id="slip"></div><div class="msg" id="msg" role="status"></div>
<div class="note">Simulated events for development: not a real market. Stakes move your real balance through the operator wallet.</div></aside>
</div>
<script nonce="${nonce}">
(() => {
  const B = ${boot};
  const $ = (id) => document.getElementById(id);
  const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
  let token = null, player = null, path = B.path || '/', events = [], sel = null, busy = false, inited = false;
  const post = (p, body) => fetch('/api/local-sportsbook/' + p, { method: 'POST', credentials: 'omit', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
  const tell = (m) => { if (window.parent !== window) window.parent.postMessage(m, location.origin); };
  const view = () => { const s = path.split('/').filter(Boolean)[0] || ''; return s; };
  const sportName = (slug) => (B.sports.find((s) => s.slug === slug) || {}).name;
  function nav() {
    const v = view();
    const item = (p, label, extra = '') => '<button data-path="' + p + '"' + (('/' + v) === p || (p === '/' && !v) ? ' aria-current="page"' : '') + '>' + extra + esc(label) + '</button>';
    $('nav').innerHTML = item('/', 'Top events') + item('/live', 'Live', '<span class="dot"></span>') + (token ? item('/bets', 'My bets') : '') + '<div class="sep"></div>' + B.sports.map((s) => item('/' + s.slug, s.name)).join('');
    const current = $('nav').querySelector('[aria-current]');
    if (current && $('nav').scrollWidth > $('nav').clientWidth) $('nav').scrollLeft = current.offsetLeft - 8;
  }
  function go(p, notify) { path = p; if (notify) tell({ type: 'bt:route', path }); load(); }
  $('nav').addEventListener('click', (e) => { const b = e.target.closest('button[data-path]'); if (b) go(b.dataset.path, true); });
  function time(e) { if (e.live) return '<span class="live">LIVE</span>'; const d = new Date(e.startsAt); return d.toLocaleString(undefined, { weekday: 'short', hour: '2-digit', minute: '2-digit' }); }
  function card(e) {
    return '<div class="card"><div class="meta">' + time(e) + '<span>·</span><span>' + esc(e.tournament) + '</span></div><div class="teams">' + esc(e.home) + ' – ' + esc(e.away) + '</div><div class="odds">' +
      e.outcomes.map((o) => '<button class="odd" data-event="' + e.id + '" data-outcome="' + o.id + '" aria-pressed="' + (sel && sel.outcome.id === o.id) + '"' + (e.status !== 'open' ? ' disabled' : '') + '><span>' + esc(o.name) + '</span><b>' + o.odds + '</b></button>').join('') + '</div></div>';
  }
  async function load() {
    nav();
    const v = view();
    if (v === 'bets') {
      $('main').innerHTML = '<h1>My bets</h1><div class="empty">Loading…</div>';
      if (!token) { $('main').innerHTML = '<h1>My bets</h1><div class="empty">Sign in to see your bets.</div>'; return; }
      const r = await post('bets', { token });
      const bets = r.bets || [];
      $('main').innerHTML = '<h1>My bets</h1>' + (bets.length ? bets.map((b) => '<div class="card bet" data-testid="sportsbook-bet"><div><b>' + esc(b.outcome) + '</b> @ <span class="num">' + b.odds + '</span><br><small>' + esc(b.title) + '</small></div><span class="st ' + b.status + '">' + b.status + '</span><small class="num">Stake ' + b.stake + ' ' + esc(b.currency) + '</small><small class="num">To win ' + b.potentialWin + '</small></div>').join('') : '<div class="empty">No bets yet.</div>');
      return;
    }
    const body = v === 'live' ? { live: true } : sportName(v) ? { sport: v } : {};
    const r = await post('events', body);
    events = (r.events || []).filter((e, i) => body.sport || body.live || i % 3 !== 2).slice(0, 24);
    const title = v === 'live' ? '<span class="dot"></span>Live' : sportName(v) || 'Top events';
    $('main').innerHTML = '<h1>' + title + '</h1>' + (events.length ? events.map(card).join('') : '<div class="empty">No events right now.</div>');
  }
  $('main').addEventListener('click', (e) => {
    const b = e.target.closest('button.odd'); if (!b) return;
    const ev = events.find((x) => x.id === b.dataset.event); const o = ev && ev.outcomes.find((x) => x.id === b.dataset.outcome);
    if (!o) return;
    sel = sel && sel.outcome.id === o.id ? null : { event: ev, outcome: o };
    document.querySelectorAll('button.odd').forEach((x) => x.setAttribute('aria-pressed', String(!!sel && x.dataset.outcome === sel.outcome.id)));
    msg(''); slip();
  });
  function msg(t, ok) { $('msg').textContent = t; $('msg').className = 'msg' + (t ? (ok ? ' ok' : ' err') : ''); }
  function potential() { const s = Number($('stake') && $('stake').value); return sel && s > 0 ? (s * Number(sel.outcome.odds)).toFixed(2) : '0.00'; }
  function slip() {
    if (!sel) { $('slip').innerHTML = '<div class="empty">Pick odds to add a selection.</div>'; return; }
    const cur = player ? player.currency : '';
    $('slip').innerHTML = '<div class="pick"><small>' + esc(sel.event.home) + ' – ' + esc(sel.event.away) + '</small><div class="row"><span>' + esc(sel.outcome.name) + '</span><span class="num">' + sel.outcome.odds + '</span></div></div>' +
      '<label for="stake">Stake' + (cur ? ' (' + esc(cur) + ')' : '') + '</label><input id="stake" inputmode="decimal" autocomplete="off" placeholder="0.00">' +
      '<div class="chips"><button data-add="1">+1</button><button data-add="5">+5</button><button data-add="10">+10</button></div>' +
      '<div class="sum"><span>Potential win</span><b class="num" id="win">0.00</b></div>' +
      '<button class="place" id="place"' + (token ? '' : ' disabled') + '>' + (token ? 'Place bet' : 'Sign in to bet') + '</button>';
    $('stake').addEventListener('input', () => { $('win').textContent = potential(); });
    $('slip').querySelectorAll('[data-add]').forEach((b) => b.addEventListener('click', () => { $('stake').value = String((Number($('stake').value) || 0) + Number(b.dataset.add)); $('win').textContent = potential(); }));
    $('place').addEventListener('click', place);
  }
  async function place() {
    if (busy || !sel || !token) return;
    const stake = $('stake').value.trim();
    if (!(Number(stake) > 0)) { msg('Enter a stake.'); return; }
    busy = true; $('place').disabled = true; msg('Placing bet…', true);
    try {
      const r = await post('bet', { token, event: sel.event.id, outcome: sel.outcome.id, stake, odds: sel.outcome.odds });
      if (r.ok) { msg('Bet accepted: ' + r.bet.stake + ' ' + r.bet.currency + ' on ' + r.bet.outcome + '.', true); tell({ type: 'bt:bet', balance: r.balance }); sel = null; document.querySelectorAll('button.odd').forEach((x) => x.setAttribute('aria-pressed', 'false')); slip(); }
      else msg(r.message || 'The bet was refused.');
    } catch { msg('The sportsbook is not reachable. Try again.'); }
    finally { busy = false; const p = $('place'); if (p) p.disabled = !token; }
  }
  window.addEventListener('message', async (e) => {
    if (e.origin !== location.origin || e.source !== window.parent || !e.data || typeof e.data !== 'object') return;
    if (e.data.type === 'bt:init') {
      token = typeof e.data.token === 'string' ? e.data.token : null;
      player = null;
      if (token) { const r = await post('session', { token }); if (r.player) player = r; else token = null; }
      $('who').innerHTML = player ? '<b>' + esc(player.name) + '</b> · ' + esc(player.currency) : 'Guest: sign in to bet';
      inited = true; slip(); load();
    } else if (e.data.type === 'bt:navigate' && typeof e.data.path === 'string' && e.data.path !== path) go(e.data.path, false);
  });
  slip(); load();
  tell({ type: 'bt:ready' });
  setTimeout(() => { if (!inited) $('who').textContent = 'Guest: sign in to bet'; }, 3000);
})();
</script>
</body></html>`;
}
