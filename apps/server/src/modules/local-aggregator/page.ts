/**
 * The local studio's game page: what the provider's frame shows (one HTML document with its own
 * style and script, no dependency). It is labelled as simulated, plays the launch's game (reels or
 * wheel) through `/api/local-aggregator/spin`, and shows the seed pair of provable fairness.
 */
import { REEL_STRIP, REEL_THREE, REEL_TWO_CHERRIES, WHEEL_SEGMENTS } from './games.js';
import type { LocalLaunch } from './provider.js';

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

const mult = (m: { num: bigint; den: bigint }) => Number(m.num) / Number(m.den);

/** The page of launch `l` (its script carries `nonce`, allowed by the page's CSP). */
export function gamePage(
  l: LocalLaunch,
  state: { balance: string | null; serverSeedHash: string },
  nonce: string,
): string {
  const boot = JSON.stringify({
    token: l.token,
    engine: l.engine,
    demo: l.demo,
    currency: l.currency,
    decimals: l.decimals,
    balance: state.balance,
    serverSeedHash: state.serverSeedHash,
    clientSeed: l.clientSeed,
    nonce: l.nonce,
    strip: REEL_STRIP,
    wheel: WHEEL_SEGMENTS.map(mult),
  }).replace(/</g, '\\u003c');
  const paytable =
    l.engine === 'reels'
      ? (Object.entries(REEL_THREE) as [string, { num: bigint; den: bigint }][])
          .map(
            ([s, m]) =>
              `<li><span>${SYMBOL_HTML[s] ?? s} ${SYMBOL_HTML[s] ?? s} ${SYMBOL_HTML[s] ?? s}</span><b>x${mult(m)}</b></li>`,
          )
          .join('') +
        `<li><span>${SYMBOL_HTML.cherry} ${SYMBOL_HTML.cherry} ·</span><b>x${mult(REEL_TWO_CHERRIES)}</b></li>`
      : [5, 3, 2, 1.2, 0]
          .map(
            (m) =>
              `<li><span>${WHEEL_SEGMENTS.filter((s) => mult(s) === m).length} segments</span><b>x${m}</b></li>`,
          )
          .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(l.gameName)} · ${esc(l.providerName)}</title>
<style>
*{box-sizing:border-box}html,body{margin:0;height:100%}
body{font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#e8ecf6;background:radial-gradient(120% 90% at 50% 0%,#23244a 0%,#12142a 55%,#0b0c1a 100%);display:flex;flex-direction:column}
.top{display:flex;align-items:center;gap:8px;padding:10px 14px;border-bottom:1px solid #ffffff14;flex-wrap:wrap}
.title{font-weight:700;font-size:15px;margin-right:auto}.title small{display:block;font-weight:500;color:#9aa3c7;font-size:12px}
.badge{font-size:11px;font-weight:700;letter-spacing:.04em;text-transform:uppercase;padding:4px 8px;border-radius:999px;background:#ffb02026;color:#ffc861;border:1px solid #ffb02055}
.badge.mode{background:#5b8cff22;color:#9dbaff;border-color:#5b8cff55}
.stage{flex:1;display:flex;align-items:center;justify-content:center;padding:16px;min-height:220px}
.reels{display:flex;gap:10px;padding:14px;border-radius:18px;background:linear-gradient(#0d0f22,#181a36);box-shadow:inset 0 0 0 1px #ffffff1a,0 20px 50px #0008}
.reel{width:clamp(72px,20vw,120px);height:clamp(96px,26vw,150px);border-radius:12px;background:linear-gradient(#fdfcff,#d9dcef);display:flex;align-items:center;justify-content:center;font-size:clamp(40px,11vw,72px);box-shadow:inset 0 -10px 20px #0002;overflow:hidden}
.reel span{display:flex;width:72%;height:72%;transition:transform .12s}.reel svg{width:100%;height:100%}.reel.spin span{animation:roll .16s linear infinite}
@keyframes roll{0%{transform:translateY(-40%);opacity:.4}100%{transform:translateY(40%);opacity:.4}}
.wheelbox{position:relative;width:max(160px,min(300px,60vw,calc(100vh - 250px)));aspect-ratio:1;margin-top:12px}
.wheel{width:100%;height:100%;border-radius:50%;box-shadow:0 0 0 6px #2b2e5a,0 0 0 10px #ffc86155,0 20px 60px #000a;transition:transform 2.2s cubic-bezier(.15,.85,.2,1)}
.pointer{position:absolute;left:50%;top:-10px;transform:translateX(-50%);width:0;height:0;border-left:12px solid transparent;border-right:12px solid transparent;border-top:22px solid #ffc861;filter:drop-shadow(0 2px 4px #000a)}
.hub{position:absolute;inset:38%;border-radius:50%;background:#12142a;display:flex;align-items:center;justify-content:center;font-weight:800;font-size:20px;box-shadow:0 0 0 4px #ffc86155}
.panel{display:grid;grid-template-columns:1fr auto;gap:10px;padding:12px 14px;border-top:1px solid #ffffff14;background:#0b0c1acc;align-items:end}
label{display:block;font-size:12px;color:#9aa3c7;margin-bottom:4px}
.betrow{display:flex;gap:6px}
input{width:100%;min-width:0;background:#1a1c38;border:1px solid #ffffff22;color:#fff;border-radius:10px;padding:10px 12px;font:inherit;font-variant-numeric:tabular-nums}
button{font:inherit;border:0;border-radius:10px;cursor:pointer}
.chip{background:#23264a;color:#cfd6f5;padding:0 12px;font-weight:600}
.spin{background:linear-gradient(#4ce08a,#22b865);color:#052a14;font-weight:800;font-size:16px;padding:11px 28px;min-width:130px;box-shadow:0 6px 18px #22b86555}
.spin:disabled{opacity:.6;cursor:wait}
.stats{grid-column:1/-1;display:flex;gap:16px;flex-wrap:wrap;font-variant-numeric:tabular-nums;color:#9aa3c7}.stats b{color:#fff}
.msg{grid-column:1/-1;min-height:20px;font-weight:600}.msg.win{color:#4ce08a}.msg.err{color:#ff7a7a}
details{padding:8px 14px 12px;color:#9aa3c7;font-size:12px;border-top:1px solid #ffffff0f}summary{cursor:pointer;color:#cfd6f5;font-weight:600}
.fair{display:grid;gap:4px;margin-top:6px;word-break:break-all}.fair code{color:#e8ecf6}
ul.pay{list-style:none;margin:6px 0 0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(150px,1fr));gap:4px 16px}ul.pay li{display:flex;justify-content:space-between;align-items:center}ul.pay li span{display:inline-flex;gap:2px}ul.pay li svg{width:18px;height:18px}
.linkbtn{background:none;color:#9dbaff;padding:0;text-decoration:underline}
</style></head>
<body>
<div class="top"><div class="title">${esc(l.gameName)}<small>${esc(l.providerName)}</small></div>
<span class="badge" title="Served by the platform's local aggregator for development">Simulated provider</span>
<span class="badge mode">${l.demo ? 'Demo · fun credits' : 'Real money'}</span></div>
<div class="stage" id="stage"></div>
<div class="panel">
<div><label for="bet">Bet (${esc(l.currency)})</label><div class="betrow"><input id="bet" inputmode="decimal" autocomplete="off"><button class="chip" id="half" type="button">½</button><button class="chip" id="double" type="button">2×</button></div></div>
<button class="spin" id="spin" type="button">Spin</button>
<div class="stats"><span>Balance <b id="balance">…</b> ${esc(l.currency)}</span><span>Last win <b id="last">0</b></span></div>
<div class="msg" id="msg" role="status" aria-live="polite"></div>
</div>
<details><summary>Paytable and provable fairness</summary>
<ul class="pay">${paytable}</ul>
<div class="fair"><span>Server seed hash: <code id="hash"></code></span><span>Client seed: <code id="client"></code> · Nonce: <code id="nonce"></code></span>
<span>Spin n uses HMAC-SHA256(server seed, client seed:n:0) read as floats: ${l.engine === 'reels' ? 'stop = floor(float × 20) per reel' : 'segment = floor(float × 25)'}.</span>
<span><button class="linkbtn" id="rotate" type="button">Reveal and rotate the seed</button> <code id="revealed"></code></span></div>
</details>
<script type="application/json" id="boot">${boot}</script>
<script nonce="${nonce}">${SCRIPT}</script>
</body></html>`;
}

/** The reel symbols as inline SVG (no emoji font needed). */
const SYMBOL_HTML: Record<string, string> = {
  cherry:
    '<svg viewBox="0 0 64 64" aria-label="cherry"><path d="M22 40 C26 24 34 14 46 8 M42 42 C42 28 44 18 46 8" stroke="#3d8a3a" stroke-width="4" fill="none" stroke-linecap="round"/><path d="M46 8 C54 8 58 14 58 18 C50 18 46 14 46 8Z" fill="#4caf50"/><circle cx="21" cy="45" r="12" fill="#e53945"/><circle cx="43" cy="47" r="12" fill="#c81d2c"/><circle cx="17" cy="41" r="3" fill="#ff9aa2"/><circle cx="39" cy="43" r="3" fill="#ff9aa2"/></svg>',
  lemon:
    '<svg viewBox="0 0 64 64" aria-label="lemon"><ellipse cx="32" cy="34" rx="24" ry="17" fill="#ffd23f" transform="rotate(-20 32 34)"/><ellipse cx="25" cy="29" rx="8" ry="4" fill="#fff3b0" transform="rotate(-20 25 29)"/><circle cx="53" cy="24" r="3" fill="#e0a800"/><circle cx="11" cy="44" r="3" fill="#e0a800"/></svg>',
  bell: '<svg viewBox="0 0 64 64" aria-label="bell"><path d="M32 8 C20 8 16 20 16 32 L12 46 L52 46 L48 32 C48 20 44 8 32 8Z" fill="#ffb020"/><path d="M24 14 C20 20 20 28 20 34" stroke="#ffe08a" stroke-width="4" fill="none" stroke-linecap="round"/><rect x="10" y="44" width="44" height="6" rx="3" fill="#d98e00"/><circle cx="32" cy="54" r="5" fill="#d98e00"/></svg>',
  star: '<svg viewBox="0 0 64 64" aria-label="star"><path d="M32 5 L40 24 L60 25 L44 38 L50 58 L32 46 L14 58 L20 38 L4 25 L24 24Z" fill="#ffd000" stroke="#e09b00" stroke-width="2" stroke-linejoin="round"/></svg>',
  seven:
    '<svg viewBox="0 0 64 64" aria-label="seven"><text x="32" y="52" text-anchor="middle" font-family="Georgia,serif" font-weight="900" font-size="54" fill="#e53945" stroke="#7a0d16" stroke-width="2">7</text></svg>',
};

const SCRIPT = `(() => {
  const B = JSON.parse(document.getElementById('boot').textContent);
  const SYM = ${JSON.stringify(SYMBOL_HTML).replace(/<\//g, '<\\/')};
  const $ = (id) => document.getElementById(id);
  const stage = $('stage');
  let balance = B.balance, busy = false, angle = 0;
  $('bet').value = B.demo ? '1.00' : (B.decimals >= 2 ? '0.10' : '1');
  let reels = [], wheel;
  if (B.engine === 'reels') {
    const box = document.createElement('div'); box.className = 'reels';
    for (let i = 0; i < 3; i++) { const r = document.createElement('div'); r.className = 'reel'; r.innerHTML = '<span>' + SYM[B.strip[(i * 7) % 20]] + '</span>'; box.appendChild(r); reels.push(r); }
    stage.appendChild(box);
  } else {
    const n = B.wheel.length, colors = { 0: '#2a2d55', 1.2: '#3d7bff', 2: '#23b46a', 3: '#b15cff', 5: '#ffb020' };
    const stops = B.wheel.map((m, i) => colors[m] + ' ' + (i * 360 / n) + 'deg ' + ((i + 1) * 360 / n) + 'deg').join(',');
    const box = document.createElement('div'); box.className = 'wheelbox';
    box.innerHTML = '<div class="pointer"></div><div class="wheel" id="wheel"></div><div class="hub" id="hub">×</div>';
    stage.appendChild(box); wheel = $('wheel'); wheel.style.background = 'conic-gradient(' + stops + ')';
    angle = -(360 / n) / 2; wheel.style.transform = 'rotate(' + angle + 'deg)';
  }
  const show = () => { $('balance').textContent = balance === null ? '—' : balance; $('hash').textContent = B.serverSeedHash; $('client').textContent = B.clientSeed; $('nonce').textContent = B.nonce; };
  show();
  const msg = (text, kind) => { const m = $('msg'); m.textContent = text; m.className = 'msg ' + (kind || ''); };
  const post = (path, body) => fetch('/api/local-aggregator/' + path, { method: 'POST', credentials: 'omit', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
  const scale = (f) => { const v = Number($('bet').value) * f; if (v > 0) $('bet').value = v.toFixed(Math.min(B.decimals, 8)); };
  $('half').onclick = () => scale(0.5); $('double').onclick = () => scale(2);
  const wait = (ms) => new Promise((r) => setTimeout(r, ms));
  $('spin').onclick = async () => {
    if (busy) return; busy = true; $('spin').disabled = true; msg('');
    reels.forEach((r) => r.classList.add('spin'));
    const started = Date.now();
    let a;
    try { a = await post('spin', { token: B.token, bet: $('bet').value.trim() }); } catch (e) { a = { ok: false, message: 'Network error' }; }
    if (B.engine === 'reels') {
      await wait(Math.max(0, 500 - (Date.now() - started)));
      for (let i = 0; i < reels.length; i++) { if (a.ok) reels[i].innerHTML = '<span>' + SYM[a.outcome.symbols[i]] + '</span>'; reels[i].classList.remove('spin'); await wait(160); }
    } else if (a.ok) {
      const n = B.wheel.length, seg = a.outcome.stops[0];
      const target = -(seg * 360 / n) - (360 / n) / 2;
      angle = angle - ((angle - target) % 360 + 360) % 360 - 360 * 4;
      wheel.style.transform = 'rotate(' + angle + 'deg)';
      await wait(2300); $('hub').textContent = '×' + Number(a.outcome.multiplier);
    }
    if (a.ok) {
      balance = a.balance; B.nonce = a.nonce + 1; B.serverSeedHash = a.serverSeedHash; B.clientSeed = a.clientSeed;
      $('last').textContent = a.payout;
      if (Number(a.payout) > 0) msg('You win ' + a.payout + ' ' + a.currency + ' (×' + a.outcome.multiplier + ')', 'win'); else msg('No win this time');
      try { parent.postMessage({ type: 'nebula:slot-round', demo: B.demo }, location.origin); } catch (e) {}
    } else msg(a.code === 'INSUFFICIENT_FUNDS' ? 'Not enough balance for this bet' : (a.message || 'Spin failed'), 'err');
    show(); busy = false; $('spin').disabled = false;
  };
  $('rotate').onclick = async () => {
    const a = await post('rotate', { token: B.token });
    if (a.previous) { $('revealed').textContent = 'previous server seed: ' + a.previous.serverSeed; B.serverSeedHash = a.serverSeedHash; B.nonce = 0; show(); }
  };
})();`;
