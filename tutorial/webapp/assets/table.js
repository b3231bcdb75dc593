const PACE = { card_ms: 380, hold_ms: 1100, hold_click: 0 };  // practice: a card arriving; a finished trick
// hold_click: a finished trick stays on the table until the learner clicks Continue.
// The table picture never gets narrower than FLOOR_PX (or the element, when that is
// narrower): below it its labels cannot be read; the page scrolls instead.
const FLOOR_PX = 320;
// Room (in em) kept for a feedback box not shown yet, so that its arrival does not
// make the table shrink.
const RESERVE_EM = 3.4;
// A hand too tall for the screen shrinks its cards, never below this width (a phone's
// smallest card, whose corner can still be read and tapped).
const HAND_FLOOR_PX = 46;
// Presenter mode on a wide element (a projector): the table takes the screen's height and
// the prompt and the hand sit beside it, in a column never narrower than SIDE_MIN_PX nor
// than SIDE_SHARE of the element (the cards of a long hand keep their corners readable).
const WIDE_PX = 1100;
const SIDE_MIN_PX = 420;
const SIDE_SHARE = 0.3;
const SIDE_GAP_PX = 28;
const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;',"'":'&#39;'}[c]));

// ``rove``: the card that is the hand's one Tab stop (the arrow keys move it).
function render(d, sel, going, rove) {
  const h = [];
  h.push(`<div class="felt" role="img" aria-label="${esc(d.table_alt)}">${d.table_svg}</div>`);
  // The prompt, the answers and the hand: below the table, or beside it (wide presenter).
  h.push('<div class="side">');
  // Drawn anew each time: what it says is spoken through the one live region kept across
  // draws (``announce``); focusable from the script only, the last place for the focus.
  h.push('<div class="status" tabindex="-1"><div class="line">');
  if (d.prompt) h.push(`<p class="prompt">${esc(d.prompt)}</p>`);
  if (d.facts && d.facts.length) h.push(`<p class="facts">${d.facts.map(esc).join(' · ')}</p>`);
  h.push('</div>');
  if (d.feedback) {
    const head = d.feedback.head ? `<b class="head">${esc(d.feedback.head)}</b>` : '';
    h.push(`<p class="fb ${esc(d.feedback.tone)}">${head}${d.feedback.html}</p>`);
  }
  h.push('</div>');
  if (d.choices && d.choices.length) {
    h.push('<div class="row choices">');
    d.choices.forEach((c, i) => h.push(`<button class="act" data-answer="${esc(c.value)}">${esc(c.label)}</button>`));
    h.push('</div>');
  }
  if (d.free_answer) {
    h.push(`<form class="row answerform"><label>${esc(d.answer_label)} <input class="answer" name="answer" autocomplete="off" inputmode="decimal"></label>`);
    h.push(`<button class="act primary" type="submit">${esc(d.answer_submit)}</button></form>`);
  }
  if (d.menu && d.menu.length) {
    h.push('<div class="row menu">');
    d.menu.forEach((m) => h.push(`<button class="act" data-action="${esc(m.code)}">${esc(m.label)}</button>`));
    h.push('</div>');
  }
  const discarding = d.mode === 'discard';
  if (discarding) {
    // Confirm only with every card chosen, and not while the last confirmation is on its way.
    const k = sel.size, n = d.discard.need;
    h.push('<div class="row discard">');
    h.push(`<span class="counter">${esc(d.discard.counter.replace('{k}', k))}</span>`);
    h.push(`<button class="act primary" data-confirm="1" ${k === n && !going.size ? '' : 'disabled'}>${esc(d.discard.confirm)}</button>`);
    h.push('</div>');
  }
  if (d.chien && d.chien.length) {
    h.push(`<div class="chien"><span>${esc(d.chien_label)}:</span>`);
    d.chien.forEach((c) => h.push(`<span class="mini" role="img" aria-label="${esc(c.name)}">${c.svg}</span>`));
    h.push('</div>');
  }
  h.push(`<div class="handbox"><div class="handhead"><span>${esc(d.hand_label)}</span>`);
  if (discarding) h.push(`<button class="act small" data-clear="1" ${sel.size ? '' : 'disabled'}>${esc(d.discard.clear)}</button>`);
  h.push('</div>');
  // A hand to play from is a toolbar: one Tab stop, the arrow keys inside (roving tabindex).
  h.push(`<div class="hand" role="${d.playable ? 'toolbar' : 'group'}" aria-label="${esc(d.hand_label)}">`);
  const about = [];
  d.hand.forEach((c, i) => {
    const cls = ['card'];
    if (d.playable) cls.push('play');
    if (sel.has(c.code)) cls.push('sel');
    if (going.has(c.code)) cls.push('going');  // confirmed, on its way aside
    if (c.chien) cls.push('dog');
    // The card's marks (forcing, legal, not playable, from the chien) as its description,
    // read after its name: the picture that shows them is hidden from screen readers.
    const said = c.description || '';
    const described = said ? ` aria-describedby="about-${i}"` : '';
    if (said) about.push(`<span id="about-${i}">${esc(said)}</span>`);
    const role = d.playable
      ? `role="button" tabindex="${c.code === rove ? 0 : -1}" aria-label="${esc(c.name)}"` + (d.mode === 'discard' ? ` aria-pressed="${sel.has(c.code)}"` : '')
      : `role="img" aria-label="${esc(c.name)}"`;
    const mark = c.mark ? ` data-mark="${esc(c.mark)}"` : '';
    const dog = c.chien ? ` title="${esc(d.from_chien)}"` : '';
    // The chosen mark: an element of its own on the card's top-left corner, which the
    // next card in the row never covers.
    const tick = sel.has(c.code) ? '<span class="tick" aria-hidden="true">✓</span>' : '';
    h.push(`<div class="${cls.join(' ')}" ${role}${described} data-code="${esc(c.code)}" data-i="${i}"${mark}${dog}>${c.svg}${tick}</div>`);
  });
  h.push('</div>');
  if (about.length) h.push(`<div class="about" hidden>${about.join('')}</div>`);
  h.push('</div></div>');
  return h.join('');
}

function scroller(el) {
  let n = el;
  while (n) {
    if (n instanceof Element) {
      const s = getComputedStyle(n).overflowY;
      if ((s === 'auto' || s === 'scroll') && n.scrollHeight > n.clientHeight) return n;
    }
    n = n.parentNode || n.host;
  }
  return null;
}

// The hand's rows for a card width: one row when the cards fit side by side, else the
// fewest rows (at most three) in which each card shows enough of itself.
function handRows(n, w, W) {
  const gap = 6;
  let rows = 1, per = n, step = w + gap;
  if (n * w + (n - 1) * gap > W) {
    for (rows = 1; rows <= 3; rows++) {
      per = Math.ceil(n / rows);
      step = per > 1 ? (W - w) / (per - 1) : w;
      if (step >= 0.42 * w || rows === 3) break;
    }
    step = Math.min(step, w + gap);
  }
  const hgt = w * 152 / 112;
  // Room above the first row for a chosen card, lifted, and its mark.
  const lift = hgt * 0.15;
  const rowStep = rows > 1 ? hgt * 0.56 : 0;
  return { w, hgt, rows, per, step, lift, rowStep, height: lift + (rows - 1) * rowStep + hgt + 4 };
}

// The screen's height left for the hand below what is above it, the table picture at its
// floor (sizeTable shrinks it first) and room kept for a feedback box not shown yet.
function handRoom(root, host, hand) {
  const felt = root.querySelector('.felt');
  const svg = felt && felt.querySelector('svg');
  const sc = scroller(host);
  let top = hand.getBoundingClientRect().top + (sc ? sc.scrollTop : window.scrollY);
  if (svg && !root.classList.contains('wide')) {
    const W = felt.clientWidth || root.clientWidth || 320;
    const vb = svg.viewBox && svg.viewBox.baseVal;
    const ratio = vb && vb.width ? vb.height / vb.width : 0.7;
    top -= Math.max(0, svg.getBoundingClientRect().height - Math.min(W, FLOOR_PX) * ratio);
  }
  const em = parseFloat(getComputedStyle(root).fontSize) || 16;
  const reserve = root.querySelector('.fb') ? 0 : RESERVE_EM * em;
  return window.innerHeight - Math.max(0, top) - 12 - reserve;
}

// Presenter mode on a wide element: the table beside the prompt and the hand.
function isWide(root) {
  return root.classList.contains('big') && (root.clientWidth || 0) >= WIDE_PX;
}

function layout(root, host) {
  const hand = root.querySelector('.hand');
  if (!hand) return;
  const wide = isWide(root);
  root.classList.toggle('wide', wide);
  // Beside the table, the hand's width is what the table leaves: the table first.
  if (wide) sizeTable(root, host);
  const cards = Array.from(hand.querySelectorAll('.card'));
  const W = hand.clientWidth || root.clientWidth || 320;
  const n = cards.length;
  if (!n) hand.style.height = '0px';
  else {
    // The card's own size (the style's --cw), not the one the last layout set.
    cards[0].style.width = '';
    let w = parseFloat(getComputedStyle(cards[0]).width) || 64;
    if (w > W / 2) w = W / 2;
    // A hand taller than the screen's room (the presenter's large cards in rows) takes
    // the widest cards that fit, never narrower than HAND_FLOOR_PX: the hand's height
    // grows with the card's width, so the widest fitting one is found by halving.
    let g = handRows(n, w, W);
    const room = handRoom(root, host, hand);
    if (g.height > room && w > HAND_FLOOR_PX) {
      let lo = HAND_FLOOR_PX, hi = w;
      for (let k = 0; k < 16 && hi - lo > 0.5; k++) {
        const mid = (lo + hi) / 2;
        if (handRows(n, mid, W).height <= room) lo = mid; else hi = mid;
      }
      g = handRows(n, lo, W);
    }
    cards.forEach((c, i) => {
      const r = Math.floor(i / g.per), k = i % g.per;
      const inRow = Math.min(g.per, n - r * g.per);
      const rowW = (inRow - 1) * g.step + g.w;
      const x0 = Math.max(0, (W - rowW) / 2);
      c.style.width = g.w + 'px';
      c.style.left = (x0 + k * g.step) + 'px';
      c.style.top = (g.lift + r * g.rowStep) + 'px';
      c.style.zIndex = String(1 + i);
      const svg = c.querySelector('svg');
      if (svg) svg.setAttribute('aria-hidden', 'true');
    });
    hand.style.height = g.height + 'px';
    hand.style.setProperty('--hw', g.w + 'px');  // the drawn card's width: its mark's size
  }
  if (!wide) sizeTable(root, host);
}

// The table picture's width: as large as leaves the prompt and the whole hand on the
// screen (with room kept for a feedback box), never below the floor, and for one
// scenario (or practice hand) at one screen size never larger than it was at an earlier
// step: it may shrink once when the element grows, but it does not jump back and forth.
function sizeTable(root, host) {
  const felt = root.querySelector('.felt');
  const svg = felt && felt.querySelector('svg');
  if (!svg) return;
  const wide = root.classList.contains('wide');
  const vb = svg.viewBox && svg.viewBox.baseVal;
  const ratio = vb && vb.width ? vb.height / vb.width : 0.7;
  const sc = scroller(host);
  const top = root.getBoundingClientRect().top + (sc ? sc.scrollTop : window.scrollY);
  let W, fit, capW;
  if (wide) {
    // Beside the prompt and the hand: the screen's height below the element's top, and
    // the element's width but the side column's.
    const all = root.clientWidth;
    W = all - Math.max(SIDE_MIN_PX, SIDE_SHARE * all) - SIDE_GAP_PX;
    fit = window.innerHeight - Math.max(0, top) - 12;
    capW = W;
  } else {
    W = felt.clientWidth || root.clientWidth || 320;
    const rest = root.scrollHeight - svg.getBoundingClientRect().height;
    const em = parseFloat(getComputedStyle(root).fontSize) || 16;
    const reserve = root.querySelector('.fb') ? 0 : RESERVE_EM * em;
    fit = window.innerHeight - Math.max(0, top) - rest - 12 - reserve;
    capW = Math.min(W, window.innerHeight * 0.75 / ratio);
  }
  const floorW = Math.min(W, FLOOR_PX);
  let tw = Math.floor(Math.max(floorW, Math.min(capW, fit / ratio)));
  const scene = [(root._data && root._data.scene) || '', window.innerWidth, window.innerHeight, W,
    root.classList.contains('big'), wide].join('|');
  if (scene === root._scene && root._tw) tw = Math.min(tw, root._tw);
  root._scene = scene;
  // Only a real change: sub-pixel rounding must not make the layout tremble.
  if (!root._tw || Math.abs(root._tw - tw) > 2) {
    root._tw = tw;
    root.style.setProperty('--tw', tw + 'px');
  }
}

export default function (component) {
  const { parentElement, data, setTriggerValue } = component;
  let root = parentElement.querySelector('.atout');
  const host = parentElement.host || parentElement;
  if (!root) {
    root = document.createElement('div');
    root.className = 'atout';
    parentElement.appendChild(root);
    // What is drawn goes in ``view``, drawn anew each time; beside it the table's ONE live
    // region, made once and kept, so that screen readers hear every change it is given
    // (a region made anew with its text in it is often not spoken at all).
    root._view = document.createElement('div');
    root._view.className = 'view';
    root._live = document.createElement('div');
    root._live.className = 'sr live';
    root._live.setAttribute('role', 'status');
    root._live.setAttribute('aria-live', 'polite');
    root._live.setAttribute('aria-atomic', 'true');
    root.append(root._view, root._live);
    // Busy from an action until the app's answer arrives (a new ``ack``), so that the
    // state read meanwhile is never taken for the answer.
    const send = (name, value) => { root._waiting = true; busy(); root._send(name, value); };
    // The discard is chosen on the hand, then confirmed: a click chooses a card or gives
    // it back, never lays it aside. Confirm spends the choice: the cards go aside (from
    // the first one refused, they come back unchosen) and every click made after it,
    // while the app answers or afterwards, makes the next choice.
    const toggle = (card) => {
      const code = card.dataset.code, sel = root._sel;
      if (sel.has(code)) sel.delete(code);
      else if (sel.size < root._data.discard.need) sel.add(code);
      draw({ sel: `.card[data-code="${CSS.escape(code)}"]`, i: Number(card.dataset.i || 0) });
    };
    const activate = (card) => {
      if (root._resume) { root._resume(); return; }  // a finished trick held: go on first
      if (!card.classList.contains('play')) return;
      if (root._data.mode === 'discard') { toggle(card); return; }
      card.classList.add('pending');
      root._focus = { sel: `.card[data-code="${CSS.escape(card.dataset.code)}"]`, i: Number(card.dataset.i || 0) };
      send('card', card.dataset.code);
    };
    root.addEventListener('click', (e) => {
      const card = e.target.closest('.card');
      if (card) { activate(card); return; }
      const b = e.target.closest('button');
      if (!b || b.disabled) return;
      if (b.dataset.resume) { if (root._resume) root._resume(); return; }
      if (b.dataset.answer !== undefined) send('answer', b.dataset.answer);
      else if (b.dataset.action !== undefined) send('action', b.dataset.action);
      else if (b.dataset.confirm) confirm();
      else if (b.dataset.clear) { root._sel.clear(); draw(null); }
    });
    root.addEventListener('submit', (e) => {
      e.preventDefault();
      const v = e.target.querySelector('input').value.trim();
      if (v) send('answer', v);
    });
    // The hand is one Tab stop (roving tabindex): the card focused last keeps it.
    const rove = (card) => {
      root._rove = card.dataset.code;
      root.querySelectorAll('.card.play').forEach((c) => c.setAttribute('tabindex', c === card ? '0' : '-1'));
    };
    const focusCard = (card) => { rove(card); card.focus(); };
    root.addEventListener('focusin', (e) => {
      const card = e.target.closest && e.target.closest('.card.play');
      if (card && card.getAttribute('tabindex') !== '0') rove(card);
    });
    // Enter or Space plays (or chooses) the card; the arrows (right and down onward, left
    // and up back), Home and End move along the hand.
    const STEP = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    root.addEventListener('keydown', (e) => {
      const card = e.target.closest && e.target.closest('.card.play');
      if (!card) return;
      if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); activate(card); return; }
      const all = Array.from(root.querySelectorAll('.card.play'));
      let to = null;
      if (STEP[e.key]) to = all[all.indexOf(card) + STEP[e.key]];
      else if (e.key === 'Home') to = all[0];
      else if (e.key === 'End') to = all[all.length - 1];
      if (to) { e.preventDefault(); focusCard(to); }
    });
    const confirm = () => {
      const codes = Array.from(root._sel);
      if (root._going.size || codes.length !== root._data.discard.need) return;
      root._going = new Set(codes);
      root._sel = new Set();
      send('discard', codes.join(' '));
      draw(null);
    };
    // The element that has the focus inside the table, if any.
    const focused = () => {
      const a = parentElement.activeElement || document.activeElement;
      return a && a !== root && root.contains(a) ? a : null;
    };
    // What finds the focused element again once the table is drawn anew.
    const keyOf = (el) => {
      if (el.classList.contains('card')) return { sel: `.card[data-code="${CSS.escape(el.dataset.code)}"]`, i: Number(el.dataset.i || 0) };
      for (const a of ['answer', 'action', 'confirm', 'clear']) {
        if (el.dataset[a] !== undefined) return { sel: `button[data-${a}="${CSS.escape(el.dataset[a])}"]` };
      }
      return { sel: el.matches('input.answer') ? 'input.answer' : null };
    };
    const usable = (el) => !!el && !el.disabled && el.getClientRects().length > 0
      && !(el.classList.contains('card') && !el.classList.contains('play'));
    // The focus stays in the table, never lost to the page: on the same element drawn
    // anew; else (a card played, a question answered) on the card now at the played
    // card's place, the first answer, the first bid, the hand; at the last the status.
    const refocus = (key) => {
      let el = key.sel ? root.querySelector(key.sel) : null;
      if (!usable(el)) el = null;
      const cards = Array.from(root.querySelectorAll('.card.play'));
      if (!el && key.i !== undefined && cards.length) el = cards[Math.min(key.i, cards.length - 1)];
      if (!el) {
        el = ['.choices button', 'input.answer', '.menu button', '.card.play[tabindex="0"]', 'button.act']
          .map((s) => Array.from(root.querySelectorAll(s)).find(usable)).find(Boolean) || null;
      }
      if (!el) el = root.querySelector('.status');
      if (!el) return;
      if (el.classList.contains('card')) focusCard(el); else el.focus();
    };
    root._refocus = refocus;
    const draw = (want) => {
      const had = focused();
      const key = want || (had ? keyOf(had) : null);
      const d = root._data;
      if (!d.hand.some((c) => c.code === root._rove)) root._rove = d.hand.length ? d.hand[0].code : null;
      if (key && key.sel && key.sel.startsWith('.card')) {  // the card, else the one now at its place
        const old = root._view.querySelector(key.sel);
        const next = d.hand[Math.min(key.i, d.hand.length - 1)];
        if (old && d.hand.some((c) => c.code === old.dataset.code)) root._rove = old.dataset.code;
        else if (next) root._rove = next.code;
      }
      root._view.innerHTML = render(d, root._sel, root._going, root._rove);
      layout(root, host);
      if (key) refocus(key);
      announce();
    };
    root._draw = draw;
    // The one live region says what changed: the feedback (again when an action was
    // answered the same way twice), the prompt, the discard's count. A non-breaking space
    // at the end every other time makes each message a change, so it is spoken.
    const announce = () => {
      const text = (sel) => { const e = root._view.querySelector(sel); return e ? e.textContent.trim() : ''; };
      const now = { fb: text('.fb'), prompt: text('.prompt'), counter: text('.counter') };
      const was = root._said || {};
      const again = root._answered;
      root._said = now;
      root._answered = false;
      const parts = [];
      if (now.fb && (now.fb !== was.fb || again)) parts.push(now.fb);
      if (now.prompt && now.prompt !== was.prompt) parts.push(now.prompt);
      if (now.counter && now.counter !== was.counter) parts.push(now.counter);
      if (!parts.length) return;
      root._flip = !root._flip;
      root._live.textContent = parts.join(' ') + (root._flip ? '\u00a0' : '');
    };
    const busy = () => { root.dataset.busy = (root._waiting || root._animating) ? '1' : '0'; };
    root._busy = busy;
    root._ack = data.ack;
    root._waiting = false;
    root._animating = false;
    root._sel = new Set();
    root._going = new Set();
    // Lay out again when the width changes (not the height, which the layout sets) and
    // when the window changes size, once per frame.
    const relayout = () => {
      if (root._frame) return;
      root._frame = requestAnimationFrame(() => { root._frame = 0; if (root._data) layout(root, host); });
    };
    root._ro = new ResizeObserver(() => {
      const w = root.clientWidth;
      if (w !== root._w) { root._w = w; relayout(); }
    });
    root._ro.observe(root);
    window.addEventListener('resize', relayout);
    // A font that arrives after the first drawing changes the height of what is above
    // the table (a heading's lines): fit the picture again then, not at the next step.
    if (document.fonts) document.fonts.addEventListener('loadingdone', relayout);
  }
  root._send = setTriggerValue;
  // The app answered an action (accepted or refused): no longer waiting.
  const answered = data.ack !== root._ack;
  if (answered) { root._ack = data.ack; root._waiting = false; }
  root._busy();
  // A rerun that changes nothing on the table (a hint, a toggle elsewhere) redraws nothing.
  const sig = JSON.stringify({ ...data, ack: null });
  if (sig === root._sig && !root.querySelector('.pending, .going')) return;
  root._sig = sig;
  root._answered = answered;  // the feedback is spoken again, even when it is the same
  // What stays chosen: the clicks since the last confirmation, while the discard goes on
  // (the cards laid aside meanwhile left out). Another position (a restart, an undo, a
  // new hand) starts with nothing chosen.
  const moved = root._key !== data.key && !answered;
  if (data.mode !== 'discard' || moved) root._sel = new Set();
  else {
    const held = new Set(data.hand.map((c) => c.code));
    root._sel = new Set([...root._sel].filter((c) => held.has(c)).slice(0, data.discard.need));
  }
  if (answered || moved) root._going = new Set();
  if (moved) root._rove = null;  // another position: the hand's Tab stop is its first card
  root._key = data.key;
  root._data = data;
  root.classList.toggle('big', !!data.presenter);
  // The focus stays in the table when it was there (``draw`` finds it), or on its way
  // from a card played.
  const want = root._focus;
  root._focus = null;
  root._draw(want);
  root.dataset.key = data.key || '';
  if (root._resume && root._animKey === data.key) {
    // Redrawn while a finished trick was held (a hint, a toggle): the table as it is now.
    root._resume = null;
    root._anim = (root._anim || 0) + 1;
    root.classList.remove('busy');
    root._animating = false;
    root._busy();
  }
  // Practice: the cards the others played since the learner's move arrive one by one
  // (a finished trick stays a moment longer), then the table as it is now. Only for new
  // moves: a rerun that only adds a hint does not replay them.
  if (root._animKey !== data.key) {
    root._animKey = data.key;
    const frames = data.frames || [];
    const token = (root._anim || 0) + 1;
    root._anim = token;
    const pace = { ...PACE, ...(data.pace || {}) };
    const idle = () => { root.classList.remove('busy'); root._animating = false; root._busy(); };
    root._resume = null;
    if (frames.length) {
      const felt = () => root.querySelector('.felt');
      const steps = frames.map((f) => [f.svg, f.hold ? pace.hold_ms : pace.card_ms, !!f.hold]);
      steps.push([data.table_svg, 0, false]);
      root.classList.add('busy');
      root._animating = true;
      root._busy();
      let i = 0;
      // A finished trick held until the learner clicks Continue (or a card): idle meanwhile.
      const hold = (el) => {
        const b = document.createElement('button');
        b.className = 'act primary resume';
        b.dataset.resume = '1';
        b.textContent = data.resume_label || '';
        el.appendChild(b);
        root.classList.remove('busy');
        root._animating = false;
        root._busy();
        root._resume = () => {
          root._resume = null;
          const had = b.matches(':focus');
          b.remove();
          if (had) root._refocus({ sel: null });  // the focus goes back into the table
          root.classList.add('busy');
          root._animating = true;
          root._busy();
          next();
        };
        b.focus();
      };
      const next = () => {
        if (root._anim !== token) return;
        const el = felt();
        if (el) el.innerHTML = steps[i][0];
        const [, wait, held] = steps[i];
        i += 1;
        if (i < steps.length && held && pace.hold_click && el) hold(el);
        else if (i < steps.length) setTimeout(next, wait);
        else idle();
      };
      next();
    } else {
      idle();
    }
  }
}
