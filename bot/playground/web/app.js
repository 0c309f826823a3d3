// The playground's page: a Telegram group and private chats with the bot,
// live from /api/events. Everything the bot sends is untrusted: its HTML is
// parsed here into DOM nodes, keeping only what Telegram renders.
'use strict';

const S = {
  bot: null,          // {id, name, username}
  group: 0,
  title: '',
  people: [],         // [{id, name, lang}]
  chats: new Map(),   // chat id → Map(message id → message)
  me: 0,              // the person acting
  open: 0,            // the chat shown
  unread: new Map(),  // chat id → count
  pending: new Map(), // "chat:message" → the pressed button
  stats: null,
  ready: false,
  answers: [],        // answers shown to the acting person, newest last
};

const $ = (id) => document.getElementById(id);

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

// --- Telegram's HTML, safely --------------------------------------------

// The tags Telegram's HTML parse mode knows, and what shows them here.
const TAGS = {
  b: 'b', strong: 'b', i: 'i', em: 'i', u: 'u', ins: 'u', s: 's', strike: 's', del: 's',
  code: 'code', pre: 'pre', blockquote: 'blockquote', a: 'a', 'tg-spoiler': 'span', span: 'span', 'tg-emoji': 'span',
};

const ENTITIES = { lt: '<', gt: '>', amp: '&', quot: '"' };

function decodeEntities(s) {
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|lt|gt|amp|quot);/g, (m, e) => {
    if (e[0] !== '#') return ENTITIES[e];
    const n = e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
    return n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : m;
  });
}

function attr(tag, name) {
  const m = new RegExp('\\b' + name + '\\s*=\\s*("([^"]*)"|\'([^\']*)\'|([^\\s>]+))', 'i').exec(tag);
  return m ? decodeEntities(m[2] ?? m[3] ?? m[4] ?? '') : '';
}

// renderHTML turns the bot's HTML into nodes under parent. Text becomes
// text nodes; a tag Telegram does not know stays literal text (Telegram
// would have refused the message), so nothing the bot sends can script
// the page.
function renderHTML(src, parent) {
  const stack = [{ name: '', node: parent }];
  const top = () => stack[stack.length - 1].node;
  let i = 0;
  while (i < src.length) {
    const lt = src.indexOf('<', i);
    const end = lt < 0 ? src.length : lt;
    if (end > i) top().appendChild(document.createTextNode(decodeEntities(src.slice(i, end))));
    if (lt < 0) break;
    const gt = src.indexOf('>', lt);
    if (gt < 0) { top().appendChild(document.createTextNode(src.slice(lt))); break; }
    const raw = src.slice(lt + 1, gt);
    const tag = /^(\/?)([a-z][a-z-]*)(\s|$)/i.exec(raw); // "< b >" is text, not a tag
    const closing = tag !== null && tag[1] === '/';
    const name = tag ? tag[2].toLowerCase() : '';
    if (!Object.hasOwn(TAGS, name)) {
      top().appendChild(document.createTextNode(src.slice(lt, gt + 1)));
    } else if (closing) {
      if (stack.length > 1 && stack[stack.length - 1].name === name) stack.pop();
    } else {
      const node = openTag(name, raw);
      top().appendChild(node);
      stack.push({ name, node });
    }
    i = gt + 1;
  }
}

function openTag(name, raw) {
  const node = document.createElement(TAGS[name]);
  if (name === 'tg-spoiler' || (name === 'span' && attr(raw, 'class') === 'tg-spoiler')) {
    node.className = 'spoiler';
    node.addEventListener('click', () => node.classList.add('shown'));
  }
  if (name === 'a') linkTo(node, attr(raw, 'href'));
  return node;
}

// linkTo makes a link do what Telegram's app does: a mention names a
// person (here a click acts as them), a deep link to the bot opens the
// private chat with /start, other web links open in a new tab.
function linkTo(a, href) {
  const mention = /^tg:\/\/user\?id=(\d+)$/.exec(href);
  if (mention) {
    const id = Number(mention[1]);
    a.className = 'mention';
    a.title = 'Act as ' + nameOf(id);
    a.dataset.user = String(id);
    a.addEventListener('click', (ev) => { ev.preventDefault(); actAs(id); });
    return;
  }
  if (isDeepLink(href)) {
    a.href = href;
    a.addEventListener('click', (ev) => { ev.preventDefault(); openLink(href); });
    return;
  }
  if (/^https?:\/\//i.test(href)) {
    a.href = href;
    a.target = '_blank';
    a.rel = 'noopener noreferrer';
  }
  // Anything else (javascript:, data:) stays a plain, inert span of text.
}

function isDeepLink(href) {
  if (!S.bot) return false;
  try {
    const u = new URL(href);
    return (u.host === 't.me' || u.host === 'telegram.me') &&
      u.pathname.replace(/\//g, '').toLowerCase() === S.bot.username.toLowerCase();
  } catch (e) {
    return false;
  }
}

// --- the model -------------------------------------------------------------

function person(id) { return S.people.find((p) => p.id === id); }
function nameOf(id) { return id === S.bot?.id ? S.bot.name : person(id)?.name ?? 'User ' + id; }
function colorOf(id) { const i = S.people.findIndex((p) => p.id === id); return i < 0 ? 6 : i % 6; }
function chatName(chat) { return chat === S.group ? S.title : S.bot.name; }

function chatMap(chat) {
  if (!S.chats.has(chat)) S.chats.set(chat, new Map());
  return S.chats.get(chat);
}

// A private chat is the acting person's only.
function visibleChats() { return [S.group, S.me]; }

function applyMessage(m, fresh) {
  chatMap(m.chat).set(m.id, m);
  follow(m);
  S.pending.delete(m.chat + ':' + m.id);
  if (fresh && m.chat !== S.open && m.from !== S.me) S.unread.set(m.chat, (S.unread.get(m.chat) || 0) + 1);
  if (m.chat === S.open) drawMessage(m);
  drawChats();
}

// follow acts as the person a new or changed group message with buttons
// mentions first (whose turn it is, whom an offer or a reminder names), so
// one person can play every seat without switching by hand.
function follow(m) {
  if (!$('follow').checked || m.chat !== S.group || m.from !== 0 || !m.keyboard || m.deleted) return;
  const t = document.createElement('div');
  if (m.html) renderHTML(m.text, t);
  const first = t.querySelector('.mention');
  if (first) actAs(Number(first.dataset.user));
}

function loadState(st) {
  S.bot = st.bot; S.group = st.group; S.title = st.title; S.people = st.people;
  S.chats = new Map(); S.pending.clear();
  for (const [chat, msgs] of Object.entries(st.chats)) {
    for (const m of msgs) chatMap(Number(chat)).set(m.id, m);
  }
  if (!person(S.me)) S.me = S.people[0].id;
  if (!S.open || (S.open !== S.group && S.open !== S.me)) S.open = S.group;
  S.stats = st.stats;
  S.commands = st.commands || {};
  S.ready = true;
  drawAll();
}

// --- drawing -----------------------------------------------------------------

function avatar(id, small) {
  const name = id === S.group ? S.title : nameOf(id);
  const a = el('div', 'avatar c' + (id === S.group || id === S.bot?.id ? 6 : colorOf(id)) + (small ? ' small' : ''));
  a.textContent = Array.from(name)[0] || '?';
  return a;
}

function drawAll() {
  drawPeople(); drawChats(); drawChat(); drawStatus();
}

function drawPeople() {
  const box = $('people');
  box.replaceChildren();
  for (const p of S.people) {
    const b = el('button', 'row' + (p.id === S.me ? ' active' : ''));
    b.type = 'button';
    b.setAttribute('role', 'radio');
    b.setAttribute('aria-checked', String(p.id === S.me));
    b.dataset.person = String(p.id);
    b.appendChild(avatar(p.id, true));
    const main = el('div', 'row-main');
    const n = el('div', 'row-name', p.name);
    n.dir = 'auto';
    main.appendChild(n);
    b.appendChild(main);
    b.appendChild(el('span', 'lang', p.lang));
    b.addEventListener('click', () => actAs(p.id));
    box.appendChild(b);
  }
}

function lastLine(chat) {
  const msgs = [...chatMap(chat).values()].filter((m) => !m.deleted);
  const m = msgs[msgs.length - 1];
  if (!m) return chat === S.group ? '' : 'Not started: press START';
  const t = document.createElement('div');
  if (m.html) renderHTML(m.text, t); else t.textContent = m.text;
  return (m.photo ? '🖼 ' : '') + (m.from ? nameOf(m.from) + ': ' : '') + t.textContent.replace(/\s+/g, ' ');
}

function drawChats() {
  const box = $('chats');
  box.replaceChildren();
  for (const chat of visibleChats()) {
    const b = el('button', 'row' + (chat === S.open ? ' active' : ''));
    b.type = 'button';
    b.dataset.chat = String(chat);
    b.appendChild(avatar(chat === S.group ? S.group : S.bot.id));
    const main = el('div', 'row-main');
    main.appendChild(el('div', 'row-name', chat === S.group ? S.title : S.bot.name + ' (private)'));
    const sub = el('div', 'row-sub', lastLine(chat));
    sub.dir = 'auto';
    main.appendChild(sub);
    b.appendChild(main);
    const n = S.unread.get(chat);
    if (n) b.appendChild(el('span', 'badge', String(n)));
    b.addEventListener('click', () => openChat(chat));
    box.appendChild(b);
  }
}

function drawChat() {
  $('chat-avatar').replaceWith(Object.assign(avatar(S.open === S.group ? S.group : S.bot.id), { id: 'chat-avatar' }));
  $('chat-title').textContent = chatName(S.open);
  $('chat-sub').textContent = S.open === S.group
    ? S.people.length + 1 + ' members · you are ' + nameOf(S.me)
    : 'bot · @' + S.bot.username + ' · private chat of ' + nameOf(S.me);
  const box = $('messages');
  box.replaceChildren();
  const all = [...chatMap(S.open).values()].sort((a, b) => a.id - b.id);
  const msgs = all.filter((m) => !m.deleted);
  if (msgs.length === 0) {
    box.appendChild(el('div', 'hint', S.open === S.group
      ? 'Type /newgame to open a lobby, then switch people (left) to join with each of them.'
      : 'The bot may write to ' + nameOf(S.me) + ' only after they start it.'));
  }
  for (const m of msgs) box.appendChild(messageNode(m));
  regroup();
  const fresh = S.open !== S.group && all.length === 0;
  $('menu').hidden = true;
  $('menu-button').hidden = fresh;
  $('start').hidden = !fresh;
  $('text').hidden = fresh;
  $('send').hidden = fresh;
  box.scrollTop = box.scrollHeight;
  S.unread.delete(S.open);
}

function drawMessage(m) {
  const box = $('messages');
  const nearEnd = box.scrollHeight - box.scrollTop - box.clientHeight < 80;
  const old = box.querySelector('.msg[data-id="' + m.id + '"]');
  if (m.deleted) { old?.remove(); regroup(); return; } // gone for everyone, as in Telegram
  const node = messageNode(m);
  if (old) {
    old.replaceWith(node);
  } else {
    box.querySelector('.hint')?.remove();
    box.appendChild(node);
    $('start').hidden = true; $('text').hidden = false; $('send').hidden = false; $('menu-button').hidden = false;
  }
  regroup();
  if (nearEnd || m.from === S.me) box.scrollTop = box.scrollHeight;
}

// regroup marks runs of messages by one sender, as Telegram draws them:
// the name on the first, the avatar beside the last.
function regroup() {
  const rows = [...$('messages').querySelectorAll('.msg')];
  rows.forEach((r, i) => {
    r.classList.toggle('first', i === 0 || rows[i - 1].dataset.from !== r.dataset.from);
    r.classList.toggle('last', i === rows.length - 1 || rows[i + 1].dataset.from !== r.dataset.from);
  });
}

function time(unix) {
  const d = new Date(unix * 1000);
  return String(d.getHours()).padStart(2, '0') + ':' + String(d.getMinutes()).padStart(2, '0');
}

function messageNode(m) {
  const out = m.from !== 0 && m.from === S.me;
  const row = el('div', 'msg' + (out ? ' out' : ''));
  row.dataset.id = String(m.id);
  row.dataset.chat = String(m.chat);
  row.dataset.from = String(m.from);
  if (m.chat === S.group && !out) row.appendChild(avatar(m.from || S.bot.id, true));
  const col = el('div', 'msg-col');
  const bubble = el('div', 'bubble');
  if ((m.chat === S.group && !out) || m.viaBot) {
    const s = el('div', 'sender name' + (m.from ? colorOf(m.from) : 6), out ? '' : nameOf(m.from || S.bot.id));
    s.dir = 'auto';
    if (m.viaBot) s.appendChild(el('span', 'via', (out ? '' : ' ') + 'via @' + S.bot.username));
    bubble.appendChild(s);
  }
  if (m.photo) {
    const img = el('img', 'photo');
    img.src = m.photo;
    img.alt = '';
    bubble.appendChild(img);
  }
  const text = el('div', 'text');
  text.dir = 'auto';
  const meta = el('span', 'meta', (m.edited ? 'edited ' : '') + time(m.date));
  if (m.html) renderHTML(m.text, text); else text.textContent = m.text;
  text.appendChild(meta);
  bubble.appendChild(text);
  col.appendChild(bubble);
  if (m.keyboard) col.appendChild(keyboardNode(m));
  row.appendChild(col);
  return row;
}

function keyboardNode(m) {
  const kb = el('div', 'keyboard');
  m.keyboard.forEach((r, ri) => {
    const row = el('div', 'kb-row');
    r.forEach((b, ci) => {
      const btn = el('button', b.url ? 'url' : '', b.text);
      btn.type = 'button';
      btn.dir = 'auto';
      btn.title = b.text;
      btn.dataset.row = String(ri);
      btn.dataset.col = String(ci);
      btn.addEventListener('click', () => {
        if (b.url) openURL(b.url);
        else if (b.inline !== undefined) inlineHere(b.inline);
        else press(m, b.data, btn);
      });
      row.appendChild(btn);
    });
    kb.appendChild(row);
  });
  return kb;
}

function drawStatus() {
  const st = S.stats;
  const box = $('status');
  box.replaceChildren();
  if (!st) { box.textContent = 'connecting…'; return; }
  const parts = [];
  for (const chat of [S.group, ...S.people.map((p) => p.id)]) {
    const n = st.perMinute[String(chat)] || 0;
    if (n || chat === S.group) parts.push((chat === S.group ? 'group' : nameOf(chat)) + ' ' + n + '/min');
  }
  box.appendChild(el('div', '', 'Bot API sends and edits: ' + parts.join(' · ')));
  const limit = st.limit ? 'Telegram\'s limit: ' + st.limit + '/min a group' : 'limits off';
  const where = Object.entries(st.tooManyIn || {}).map(([c, n]) => (Number(c) === S.group ? 'group' : nameOf(Number(c))) + ' ' + n);
  const limits = el('div', st.tooMany ? 'warn' : '', '429 answers: ' + st.tooMany + (where.length ? ' (' + where.join(', ') + ')' : '') +
    (st.insideBan ? ' · calls inside a ban: ' + st.insideBan : '') + ' · ' + limit);
  box.appendChild(limits);
}

// The command menu, in the acting person's language as Telegram shows it.
function toggleMenu() {
  const box = $('menu');
  if (!box.hidden) { box.hidden = true; return; }
  const lang = person(S.me)?.lang;
  const cmds = S.commands[lang] || S.commands[''] || [];
  box.replaceChildren();
  for (const c of cmds) {
    const b = el('button', '');
    b.type = 'button';
    b.dataset.command = c.command;
    b.appendChild(el('span', 'cmd', '/' + c.command));
    const d = el('span', 'desc', c.description);
    d.dir = 'auto';
    b.appendChild(d);
    b.addEventListener('click', () => { box.hidden = true; send('/' + c.command); });
    box.appendChild(b);
  }
  box.hidden = cmds.length === 0;
}

// Inline mode: "@bot query" in the text box asks the bot; its results
// (for this person only) are listed above the box, and a tap posts one.
function inlineText() {
  const m = new RegExp('^@' + S.bot.username + '(?:\\s([\\s\\S]*))?$', 'i').exec($('text').value);
  return m ? (m[1] || '') : null;
}

// A switch_inline_query_current_chat button: Telegram puts "@bot query"
// into the chat's input, which asks the bot at once.
function inlineHere(query) {
  if (!S.bot) return;
  const box = $('text');
  box.value = '@' + S.bot.username + ' ' + query;
  box.focus();
  onType();
}

function onType() {
  clearTimeout(onType.timer);
  const q = S.bot ? inlineText() : null;
  if (q === null) { $('inline').hidden = true; S.inlineQuery = ''; return; }
  onType.timer = setTimeout(async () => {
    try {
      const r = await api('inline', { user: S.me, chat: S.open, query: q });
      S.inlineQuery = r.query;
      S.inlineChat = S.open;
      // The bot may answer on the stream before this reply arrives.
      const early = S.inlineEarly;
      S.inlineEarly = null;
      if (early && early.query === r.query) onInline(early);
    } catch (e) {
      toast(e.message);
    }
  }, 300);
}

function onInline(a) {
  if (a.user !== S.me) return; // someone else's
  if (a.query !== S.inlineQuery) { S.inlineEarly = a; return; } // an older query, or one whose id is still on its way
  const box = $('inline');
  box.replaceChildren();
  if (a.results.length === 0) box.appendChild(el('div', 'empty', 'No results'));
  for (const r of a.results) {
    const b = el('button', '');
    b.type = 'button';
    b.dataset.result = r.id;
    const t = el('div', 'title', r.title);
    t.dir = 'auto';
    b.appendChild(t);
    if (r.description) b.appendChild(el('div', 'desc', r.description));
    b.addEventListener('click', () => choose(a.query, r.id));
    box.appendChild(b);
  }
  box.hidden = false;
}

async function choose(query, result) {
  $('inline').hidden = true;
  $('text').value = '';
  try {
    await api('choose', { user: S.me, chat: S.inlineChat, query, result });
  } catch (e) {
    toast(e.message);
  }
}

// --- acting ------------------------------------------------------------------

async function api(path, body) {
  const r = await fetch('/api/' + path, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
  });
  const data = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error(data.error || r.statusText);
  return data;
}

function actAs(id) {
  if (!person(id) || id === S.me) return;
  $('inline').hidden = true;
  S.inlineQuery = '';
  const wasPrivate = S.open !== S.group;
  S.me = id;
  if (wasPrivate) S.open = id;
  drawAll();
}

function openChat(chat) {
  S.open = chat;
  drawChats(); drawChat();
}

async function send(text) {
  text = text.trim();
  if (!text) return;
  try {
    await api('send', { user: S.me, chat: S.open, text });
  } catch (e) {
    toast(e.message);
  }
}

async function press(m, data, btn) {
  if (btn) btn.classList.add('pending');
  try {
    await api('press', { user: S.me, chat: m.chat, message: m.id, data });
  } catch (e) {
    if (btn) btn.classList.remove('pending');
    toast(e.message);
  }
}

async function openLink(href) {
  try {
    const r = await api('open', { user: S.me, link: href });
    openChat(r.chat);
  } catch (e) {
    toast(e.message);
  }
}

function openURL(url) {
  if (isDeepLink(url)) { openLink(url); return; }
  if (/^https?:\/\//i.test(url)) window.open(url, '_blank', 'noopener,noreferrer');
}

function toast(text) {
  const t = $('toast');
  t.textContent = text;
  t.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { t.hidden = true; }, 3000);
}

function alertBox(title, text) {
  $('alert-title').textContent = title;
  $('alert-text').textContent = text;
  $('alert').hidden = false;
  $('alert-ok').focus();
}

// Telegram shows an answer to the person who pressed, wherever they are.
function onAnswer(a) {
  for (const b of document.querySelectorAll('.msg[data-id="' + a.message + '"][data-chat="' + a.chat + '"] button.pending')) {
    b.classList.remove('pending');
  }
  if (a.user !== S.me) return;
  S.answers.push(a);
  if (a.url) openURL(a.url);
  if (!a.text) return;
  if (a.alert) alertBox(S.bot.name, a.text); else toast(a.text);
}

// --- the stream --------------------------------------------------------------

function connect() {
  const es = new EventSource('/api/events');
  const on = (name, f) => es.addEventListener(name, (ev) => f(JSON.parse(ev.data)));
  on('state', loadState);
  on('message', (m) => applyMessage(m, true));
  on('edit', (m) => applyMessage(m, false));
  on('delete', (m) => applyMessage(m, false));
  on('answer', onAnswer);
  on('inline', onInline);
  on('stats', (st) => { S.stats = st; drawStatus(); });
  // EventSource reconnects by itself; the state event starts the page afresh.
  es.onerror = () => { $('status').textContent = 'reconnecting…'; };
}

document.addEventListener('DOMContentLoaded', () => {
  $('composer').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const t = $('text');
    if (S.bot && inlineText() !== null) return; // an inline query is not sent, its results are chosen
    send(t.value);
    t.value = '';
  });
  $('start').addEventListener('click', () => send('/start'));
  $('menu-button').addEventListener('click', toggleMenu);
  $('text').addEventListener('input', onType);
  $('alert-ok').addEventListener('click', () => { $('alert').hidden = true; });
  connect();
});

// The page's own API, for the browser test and the curious: what a person
// does with the mouse, by name.
window.playground = {
  get ready() { return S.ready; },
  get me() { return S.me; },
  get open() { return S.open; },
  get answers() { return S.answers.slice(); },
  actAs, openChat, send,
  messages: (chat) => [...chatMap(chat).values()].sort((a, b) => a.id - b.id),
};
