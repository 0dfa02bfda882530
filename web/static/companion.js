// Ringmaster's web companion: live updates of a game page, and quick stepping through a replay.
// Every page works without this script; it only saves reloads.
"use strict";

(function () {
  // ----- a game page follows the game: when its version changes, the page's live part is fetched anew
  function follow(live) {
    var every = Math.max(250, parseInt(live.getAttribute("data-every"), 10) || 3000);
    var wait = every;
    function again() { window.setTimeout(check, wait); }
    function check() {
      fetch(live.getAttribute("data-poll"), { cache: "no-store", credentials: "omit" })
        .then(function (answer) {
          if (answer.status === 429) { wait = Math.min(wait * 2, 60000); return null; }
          if (!answer.ok) { return null; }
          wait = every;
          return answer.json();
        })
        .then(function (state) {
          if (state && String(state.version) !== live.getAttribute("data-version")) {
            return refresh();
          }
          return null;
        })
        .catch(function () { wait = Math.min(wait * 2, 60000); })
        .then(function () { if (document.body.contains(live)) { again(); } });
    }
    function refresh() {
      // Without cookies: the page's language goes in its address, so the fresh part reads as the page does.
      var address = new URL(window.location.href);
      address.searchParams.set("lang", live.getAttribute("data-lang") || document.documentElement.lang || "en");
      return fetch(address.href, { cache: "no-store", credentials: "omit" })
        .then(function (answer) { return answer.ok ? answer.text() : null; })
        .then(function (text) {
          if (!text) { return; }
          var fresh = new DOMParser().parseFromString(text, "text/html").getElementById("live");
          if (!fresh) { return; }
          // What the reader opened stays open.
          var open = Array.prototype.map.call(live.querySelectorAll("details"), function (d) { return d.open; });
          live.replaceWith(fresh);
          Array.prototype.forEach.call(fresh.querySelectorAll("details"), function (d, i) { d.open = !!open[i]; });
          if (fresh.hasAttribute("data-poll")) { follow(fresh); }
        });
    }
    again();
  }

  // ----- the replay: ◀ ▶, the slider and the keyboard step without reloading
  function replay(box) {
    var steps = JSON.parse(document.getElementById("replay-steps").textContent);
    var image = document.getElementById("step-image");
    var title = document.getElementById("step-title");
    var lines = document.getElementById("step-lines");
    var slider = document.getElementById("slider");
    var buttons = {
      first: document.getElementById("first"), previous: document.getElementById("previous"),
      next: document.getElementById("next"), last: document.getElementById("last")
    };
    var current = parseInt(box.getAttribute("data-step"), 10) || 0;

    function show(step) {
      current = Math.max(0, Math.min(steps.length - 1, step));
      var shown = steps[current];
      image.src = shown.image;
      image.alt = shown.alt;
      // The page's own words, in its language (the server gives them with their {step} and {count} fields).
      title.textContent = (box.getAttribute("data-step-words") || "Step {step} of {count}")
        .replace("{step}", String(current + 1)).replace("{count}", String(steps.length));
      lines.textContent = "";
      (shown.lines.length ? shown.lines : [box.getAttribute("data-no-lines") || ""]).forEach(function (line) {
        var item = document.createElement("li");
        item.textContent = line;
        lines.appendChild(item);
      });
      slider.value = String(current);
      box.setAttribute("data-step", String(current));
      var targets = { first: 0, previous: current - 1, next: current + 1, last: steps.length - 1 };
      Object.keys(buttons).forEach(function (name) {
        var target = Math.max(0, Math.min(steps.length - 1, targets[name]));
        buttons[name].setAttribute("href", "?step=" + (target + 1));
        var stuck = (name === "first" || name === "previous") ? current === 0 : current === steps.length - 1;
        if (stuck) { buttons[name].setAttribute("aria-disabled", "true"); }
        else { buttons[name].removeAttribute("aria-disabled"); }
      });
      window.history.replaceState(null, "", "?step=" + (current + 1));
    }
    function on(name, step) {
      buttons[name].addEventListener("click", function (event) { event.preventDefault(); show(step()); });
    }
    on("first", function () { return 0; });
    on("previous", function () { return current - 1; });
    on("next", function () { return current + 1; });
    on("last", function () { return steps.length - 1; });
    slider.addEventListener("input", function () { show(parseInt(slider.value, 10)); });
    document.addEventListener("keydown", function (event) {
      if (event.target === slider) { return; }  // the slider moves itself with the arrow keys
      if (event.key === "ArrowLeft") { show(current - 1); }
      else if (event.key === "ArrowRight") { show(current + 1); }
      else if (event.key === "Home") { show(0); }
      else if (event.key === "End") { show(steps.length - 1); }
      else { return; }
      event.preventDefault();
    });
    show(current);
  }

  // ----- the sandbox: a choice is sent without leaving the page, and the page's content is swapped in place
  function settle(main, announce) {
    // The live region stays the same element (a screen reader announces a change to it, not a new one).
    var fresh = main.querySelector("#announce");
    if (announce && fresh) {
      fresh.replaceWith(announce);
      announce.textContent = fresh.textContent;
    }
    // The board and the next question in view, and the keyboard at the refusal or the question.
    var table = main.querySelector("#table");
    if (table) { table.scrollIntoView({ block: "start" }); }
    var target = main.querySelector("#said") || main.querySelector("#prompt") || main.querySelector("#game-over");
    if (target) { target.focus({ preventScroll: true }); }
  }

  function play(form) {
    form.addEventListener("submit", function (event) {
      if (!window.fetch || !window.URLSearchParams || !window.DOMParser) { return; }  // the plain form posts itself
      event.preventDefault();
      var data = new URLSearchParams(new FormData(form));
      var chosen = event.submitter;
      if (chosen && chosen.name) { data.append(chosen.name, chosen.value); }
      Array.prototype.forEach.call(form.querySelectorAll("button"), function (button) { button.disabled = true; });
      fetch(form.action, { method: "POST", body: data, credentials: "same-origin", cache: "no-store" })
        .then(function (answer) {  // a refusal is a page too: it says why
          return answer.text().then(function (text) { return { url: answer.url, text: text }; });
        })
        .then(function (page) {
          var fresh = new DOMParser().parseFromString(page.text, "text/html");
          var main = fresh.querySelector("main");
          if (!main) { throw new Error("no page"); }
          var announce = document.getElementById("announce");
          document.querySelector("main").replaceWith(main);
          document.title = fresh.title;
          // The game's own address: a one-time pass or note in it is spent, and a reload shows the game.
          if (page.url) { window.history.replaceState(null, "", new URL(page.url).pathname); }
          settle(main, announce);
          wire(main);
        })
        .catch(function () {  // post the plain form after all, with the choice that was clicked
          if (chosen && chosen.name) {
            var kept = document.createElement("input");
            kept.type = "hidden";
            kept.name = chosen.name;
            kept.value = chosen.value;
            form.appendChild(kept);
          }
          form.submit();
        });
    });
  }

  function wire(root) {
    var choices = root.querySelector("form#choices");
    if (choices) { play(choices); }
  }

  // A private panel never outlives its page: none is kept in the browser's back-forward cache, and a page
  // restored from it asks the server again (which shows the pass step).
  window.addEventListener("pagehide", function () {
    var mine = document.getElementById("private");
    if (mine && document.getElementById("choices")) { mine.remove(); }
  });
  window.addEventListener("pageshow", function (event) {
    if (event.persisted && document.getElementById("turn")) { window.location.reload(); }
  });

  document.addEventListener("DOMContentLoaded", function () {
    wire(document);
    var landed = document.getElementById("said");
    if (landed) { landed.focus(); }
    var live = document.getElementById("live");
    if (live && live.hasAttribute("data-poll")) { follow(live); }
    var box = document.getElementById("replay");
    if (box && document.getElementById("replay-steps")) { replay(box); }
  });
})();
