/* Forms the page's script sends (start session, save deal, settle, re-score). Their
   submit buttons are rendered disabled (data-script): a tap before the script has loaded,
   on a slow phone, would otherwise submit the form natively, putting the deal in the
   address bar and storing nothing. The script takes the form over with takeOver(): its
   handler runs instead of the native submission, and the buttons are enabled. */
"use strict";

function takeOver(form, handler) {
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    return handler(event);
  });
  for (const button of form.querySelectorAll("button[type=submit][data-script]")) {
    button.disabled = false;
  }
}
