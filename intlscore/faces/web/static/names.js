/* A session's page path, for any name the command line accepts: the twin of
   url_segment() in intlscore/faces/web/names.py (the server undoes it there). A name of
   dots alone is sent as "~" and the name, since browsers drop "." and ".." segments. */
"use strict";

function sessionPath(name) {
  const encoded = encodeURIComponent(name).replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `/session/${/^\.+$/.test(name) ? "~" : ""}${encoded}`;
}
