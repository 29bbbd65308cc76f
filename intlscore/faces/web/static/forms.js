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

/* A group of radios (the deal's winner and kind, issue 41) read and set as one value, as a
   select was: "" when none is checked, and setting "" (or a value no radio has) checks none. */
function choice(form, name) {
  const radios = () => [...form.querySelectorAll(`input[type=radio][name="${name}"]`)];
  return {
    get value() {
      const on = radios().find((radio) => radio.checked);
      return on ? on.value : "";
    },
    set value(value) {
      for (const radio of radios()) radio.checked = radio.value === value;
    },
    has(value) {
      return radios().some((radio) => radio.value === value);
    },
    focus(options) {
      const radio = radios().find((r) => r.checked) || radios()[0];
      if (radio) radio.focus(options);
    },
    addEventListener(type, handler) {
      for (const radio of radios()) radio.addEventListener(type, handler);
    },
  };
}
