/* intlscore: the tile keyboard (issue 41), one per page, shared by every tile field of the
   page (the scorer's hand and discard, the deal form's hand and racks, the shared deal's
   rack, reach's hand and seen tiles).

   Choosing a field to fill opens the keyboard docked at the bottom of the screen: the
   field's tiles (its "chosen" group, moved here while the field is open, so it keeps its
   name: "hand", "bob's rack"...) sit just above the 53 keys, with the field's message, so
   the tiles being entered are always in view. One tap a tile; a tap on an entered tile
   takes it back; "done" closes it, and so does a field of at most 15 tiles once it is full
   (the 15th tile of a closed hand: the best discard is found), and Escape does. Typing in
   a field's text box closes it too: the phone's own keyboard takes its place. While it is
   open it is the only thing stuck to the screen (keyboard.css).

   The page's Board (tiles.js) owns the tiles; the keyboard only shows them and sends each
   key to the Board that opened it. The keys wait, disabled, until a Board has attached. */
"use strict";

const TileKeyboard = (() => {
  const root = document.getElementById("keyboard");
  const title = root.querySelector(".kb-title");
  const tray = root.querySelector(".kb-tray");
  const done = root.querySelector(".kb-done");
  const keys = [...root.querySelectorAll(".picker button")];
  let owner = null; // { board, field, moved: [[node, marker]...] }

  for (const key of keys) {
    key.addEventListener("click", () => {
      if (owner) owner.board.add(key.dataset.tile);
    });
  }
  done.addEventListener("click", () => close());
  // Escape, on a computer's keyboard, is "done" (in a text box it is left to the box)
  document.addEventListener("keydown", (event) => {
    const typing = event.target.closest("textarea, select, input:not([type=radio]):not([type=checkbox])");
    if (event.key === "Escape" && owner && !typing) close();
  });

  /* The keyboard's height, for the page's room below its content (CSS var --kb). */
  new ResizeObserver(() => {
    const height = root.hidden ? 0 : root.getBoundingClientRect().height;
    document.documentElement.style.setProperty("--kb", `${Math.ceil(height)}px`);
  }).observe(root);

  /* A Board is wired: the keys (and "done") may now be tapped. */
  function attach() {
    for (const button of [...keys, done]) button.disabled = false;
  }

  function moveIn(node) {
    const marker = document.createComment("tile keyboard");
    node.replaceWith(marker);
    tray.append(node);
    return [node, marker];
  }

  /* Open on `field` of `board` (closing whatever field it was open on). */
  function open(board, field) {
    if (owner && owner.board === board && owner.field === field) return;
    putBack();
    const moved = [moveIn(field.chosen)];
    if (board.message) moved.push(moveIn(board.message));
    owner = { board, field, moved };
    tray.classList.toggle("rows-2", field.max > 8);
    root.hidden = false;
    update(board, field);
    board.keyboardOpened(field);
  }

  function putBack() {
    if (!owner) return;
    for (const [node, marker] of owner.moved) marker.replaceWith(node);
    owner.board.keyboardClosed(owner.field);
    owner = null;
  }

  function close() {
    putBack();
    root.hidden = true;
  }

  /* Close it if it is open on `board` (a field hidden, the board cleared...). */
  function release(board) {
    if (owner && owner.board === board) close();
  }

  function isOpen(board, field) {
    return Boolean(owner && owner.board === board && (!field || owner.field === field));
  }

  /* The title: which field, and how full it is ("hand: 14 of 15"). */
  function update(board, field) {
    if (!isOpen(board, field)) return;
    title.textContent = `${field.label}: ${field.count.textContent}`;
  }

  return { attach, open, close, release, isOpen, update };
})();
