/* tractor-analysis report pages.
   Every page: a table wider than its box (a phone) gets a hint that it scrolls sideways.
   Hand pages: step through the tricks (buttons, ←/→ keys, the trick list).  Without this
   script every trick is shown in full; the script only hides all but one. */
(function () {
  "use strict";
  var boxes = Array.prototype.slice.call(document.querySelectorAll(".scroll"));
  if (!boxes.length) { return; }
  var hints = boxes.map(function (box) {
    var hint = document.createElement("div");
    hint.className = "scroll-hint";
    hint.textContent = "← the table scrolls sideways → / ← 表格可左右滑动 →";
    hint.hidden = true;
    box.parentNode.insertBefore(hint, box);
    return hint;
  });
  function check() {
    boxes.forEach(function (box, i) { hints[i].hidden = box.scrollWidth <= box.clientWidth + 1; });
  }
  check();
  window.addEventListener("resize", check);
}());

(function () {
  "use strict";
  var dataNode = document.getElementById("hand-data");
  if (!dataNode) { return; }
  var data = JSON.parse(dataNode.textContent);
  var tricks = Array.prototype.slice.call(document.querySelectorAll("section.trick"));
  if (!tricks.length) { return; }
  document.documentElement.classList.add("js");
  var links = Array.prototype.slice.call(document.querySelectorAll("ol.trick-list a"));
  var prev = document.getElementById("prev-trick");
  var next = document.getElementById("next-trick");
  var where = document.getElementById("where");
  var stepper = document.querySelector(".stepper");
  var current = 0;

  /* show trick i; ``quiet``: leave the URL alone (opening the page: a URL that names no trick
     gets no #trick-1, which would make the browser scroll to it when the page finishes loading) */
  function show(i, quiet) {
    if (i < 0 || i >= tricks.length) { return; }
    current = i;
    tricks.forEach(function (t, j) { t.classList.toggle("current", j === i); });
    links.forEach(function (a, j) { a.classList.toggle("current", j === i); });
    prev.disabled = i === 0;
    next.disabled = i === tricks.length - 1;
    where.textContent = "Trick " + data.tricks[i] + " / 第" + data.tricks[i] + "轮 (" + (i + 1) + "/" + tricks.length + ")";
    var id = tricks[i].id;
    if (!quiet && stepper && tricks[i].scrollIntoView &&
        tricks[i].getBoundingClientRect().top < stepper.getBoundingClientRect().bottom) {
      /* read down to the foot of a trick: the next one starts at its heading, below the stepper */
      tricks[i].scrollIntoView({ block: "start" });
    }
    if (!quiet && history.replaceState && location.hash !== "#" + id) {
      try { history.replaceState(null, "", "#" + id); } catch (e) { /* file:// in some browsers */ }
    }
  }
  function indexOfHash(hash) {
    var id = (hash === undefined ? location.hash : hash).replace(/^#/, "");
    for (var j = 0; j < tricks.length; j++) { if (tricks[j].id === id) { return j; } }
    return -1;
  }

  prev.addEventListener("click", function () { show(current - 1); });
  next.addEventListener("click", function () { show(current + 1); });
  links.forEach(function (a, j) {
    a.addEventListener("click", function (ev) { ev.preventDefault(); show(j); });
  });
  var firstBad = document.getElementById("first-violation");
  if (firstBad) {
    firstBad.addEventListener("click", function (ev) {
      var j = indexOfHash(firstBad.getAttribute("href"));  /* its trick's own id: two may have one number */
      if (j >= 0) { ev.preventDefault(); show(j); }
    });
  }
  document.addEventListener("keydown", function (ev) {
    if (ev.altKey || ev.ctrlKey || ev.metaKey) { return; }
    var tag = (ev.target && ev.target.tagName) || "";
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") { return; }
    if (ev.key === "ArrowRight") { show(current + 1); ev.preventDefault(); }
    else if (ev.key === "ArrowLeft") { show(current - 1); ev.preventDefault(); }
    else if (ev.key === "Home") { show(0); ev.preventDefault(); }
    else if (ev.key === "End") { show(tricks.length - 1); ev.preventDefault(); }
  });
  window.addEventListener("hashchange", function () {
    var j = indexOfHash();
    if (j >= 0 && j !== current) { show(j); }
  });
  var start = indexOfHash();
  show(start >= 0 ? start : 0, true);   /* the page opens at its top unless the link names a trick */
  if (start >= 0 && tricks[start].scrollIntoView) {
    /* the browser looked for the fragment while the trick was still hidden: go to it now
       (its scroll-margin keeps the heading below the sticky stepper) */
    tricks[start].scrollIntoView({ block: "start" });
  }
}());
