/* An installable app where the page is a secure context (localhost, or serve with a
   certificate): the service worker (sw.js) opens it offline. On a plain-http LAN
   address browsers allow no service worker; the outbox (outbox.js) keeps deals there. */
"use strict";

if (window.isSecureContext && "serviceWorker" in navigator) {
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {
    /* without it the page works as before, online */
  });
}
