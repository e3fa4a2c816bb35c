// The state a `delta` message makes of the last state message of the connection: the
// page's half of parlour/server/delta.py (the steps are described there and in
// docs/protocol.md). Pure: the state given is never changed, and what no step touches is
// shared with it, so a caller that changes what it is handed must copy it first.
"use strict";

const Delta = (() => {
  function copy(value) {
    if (Array.isArray(value)) return value.slice();
    if (value !== null && typeof value === "object") return Object.assign({}, value);
    throw new Error("a delta's path goes through a value that holds no keys");
  }

  // `state` with `steps` applied, as a new message; throws when a step does not fit.
  function rebuilt(state, steps) {
    const top = Object.assign({}, state);
    const fresh = new Set([top]);
    for (const step of steps) {
      if (!Array.isArray(step) || !Array.isArray(step[1]) || !step[1].length) throw new Error("a delta's step is [kind, path, ...]");
      const [kind, path] = step;
      let parent = top;
      for (const key of path.slice(0, -1)) {
        if (!(key in Object(parent))) throw new Error("a delta's path leads nowhere: " + JSON.stringify(path));
        let child = parent[key];
        if (!fresh.has(child)) {
          child = copy(child);
          parent[key] = child;
          fresh.add(child);
        }
        parent = child;
      }
      const last = path[path.length - 1];
      if (kind === "=") {
        parent[last] = step[2];
      } else if (kind === "+") {
        if (!Array.isArray(parent[last]) || !Array.isArray(step[2])) throw new Error("items are appended to a list");
        parent[last] = parent[last].concat(step[2]);
        fresh.add(parent[last]);
      } else if (kind === "-") {
        delete parent[last];
      } else if (kind === "~") {
        const [, , index, count, items] = step;
        const list = parent[last];
        if (!Array.isArray(list) || !Array.isArray(items) || !(index >= 0 && count >= 0 && index + count <= list.length)) {
          throw new Error("a splice replaces items of a list");
        }
        parent[last] = list.slice(0, index).concat(items, list.slice(index + count));
        fresh.add(parent[last]);
      } else {
        throw new Error("unknown step " + JSON.stringify(kind));
      }
    }
    return top;
  }

  // The state message `delta` makes of `state` (the connection's last one), or null when it
  // does not follow it: a state was missed, and the client asks for the whole (`sync`).
  function following(state, delta) {
    if (!state || typeof delta.seq !== "number" || delta.seq !== (state.seq || 0) + 1) return null;
    const after = rebuilt(state, delta.changes);
    after.version = delta.version;
    after.seq = delta.seq;
    return after;
  }

  return { rebuilt, following };
})();
