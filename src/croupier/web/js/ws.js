// The WebSocket to the server (/ws): versioned JSON messages ({"v": 1, "type", "id", ...}),
// every command with a fresh id (the server applies an id once), answered by "ok" or "error"
// with that id. It reconnects by itself (0.5 s, 1 s, 2 s ... up to 10 s) and says so; on each
// (re)connection the hooks run again (the tables ask for what they missed since their last
// sequence number).

const PROTOCOL = 1;
let counter = 0;

/** A command id: unique for this page (the server remembers the ids of each user). */
export function commandId() {
  counter += 1;
  const random = Math.random().toString(36).slice(2, 8);
  return `c${Date.now().toString(36)}-${random}-${counter}`;
}

/** A refusal from the server: .code (bad_message, illegal, not_your_turn ...) and .message. */
export class ProtocolError extends Error {
  constructor(code, message, retryAfter) {
    super(message);
    this.code = code;
    this.retryAfter = retryAfter;
  }
}

class Connection {
  constructor() {
    this.socket = null;
    this.state = { status: "idle", retryIn: 0, welcome: null, reconnects: 0 };
    this.pending = new Map();
    this.handlers = new Set();
    this.stateListeners = new Set();
    this.openHooks = new Set();
    this.queue = [];
    this.wanted = false;
    this.delay = 500;
    this.timer = null;
  }

  setState(changes) {
    this.state = { ...this.state, ...changes };
    for (const fn of this.stateListeners) fn(this.state);
  }

  /** Open the connection (once logged in); it stays open and comes back by itself. */
  open() {
    this.wanted = true;
    if (this.socket && this.socket.readyState <= 1) return;
    clearTimeout(this.timer);
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    this.setState({ status: "connecting" });
    const socket = new WebSocket(`${scheme}://${location.host}/ws`);
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.delay = 500;
    });
    socket.addEventListener("message", (event) => this.receive(event.data));
    socket.addEventListener("close", () => {
      if (this.socket !== socket) return;
      this.socket = null;
      for (const [, p] of this.pending) p.reject(new ProtocolError("offline", "the connection closed"));
      this.pending.clear();
      if (!this.wanted) {
        this.setState({ status: "idle" });
        return;
      }
      this.retry();
    });
  }

  retry() {
    const wait = this.delay;
    this.delay = Math.min(10000, this.delay * 2);
    let left = Math.ceil(wait / 1000);
    this.setState({ status: "lost", retryIn: left });
    const count = () => {
      left -= 1;
      if (left > 0 && this.state.status === "lost") {
        this.setState({ retryIn: left });
        this.timer = setTimeout(count, 1000);
      }
    };
    this.timer = setTimeout(count, 1000);
    setTimeout(() => {
      if (this.wanted && !this.socket) this.open();
    }, wait);
  }

  /** Close for good (logging out). */
  close() {
    this.wanted = false;
    this.everOnline = false;
    clearTimeout(this.timer);
    if (this.socket) this.socket.close();
    this.socket = null;
    this.setState({ status: "idle", welcome: null });
  }

  receive(text) {
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (message.type === "welcome") {
      const again = Boolean(this.everOnline);
      this.everOnline = true;
      this.setState({ status: "online", welcome: message, reconnects: this.state.reconnects + (again ? 1 : 0) });
      const queued = this.queue.splice(0);
      for (const fn of this.openHooks) fn(message, again);
      for (const q of queued) this.socket.send(q);
    }
    if ((message.type === "ok" || message.type === "error") && message.id && this.pending.has(message.id)) {
      const p = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.type === "ok") p.resolve(message.result || {});
      else p.reject(new ProtocolError(message.code, message.message, message.retry_after));
      return;
    }
    for (const fn of this.handlers) fn(message);
  }

  /** Send a command: resolves with the server's result, rejects with a ProtocolError. */
  send(type, fields = {}) {
    const id = commandId();
    const text = JSON.stringify({ v: PROTOCOL, type, id, ...fields });
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      if (this.socket && this.socket.readyState === 1 && this.state.status === "online") this.socket.send(text);
      else {
        this.queue.push(text);
        this.open();
      }
    });
  }

  /** Call fn(message) for every frame that is not an answer (updates, views, lobby ...). */
  onMessage(fn) {
    this.handlers.add(fn);
    return () => this.handlers.delete(fn);
  }

  /** Call fn(welcome, reconnected) each time the connection is (re)established. */
  onOpen(fn) {
    this.openHooks.add(fn);
    return () => this.openHooks.delete(fn);
  }

  /** Call fn(state) when the connection's state changes. */
  onState(fn) {
    this.stateListeners.add(fn);
    return () => this.stateListeners.delete(fn);
  }
}

/** The page's one connection. */
export const connection = new Connection();
