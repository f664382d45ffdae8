// A page's own stylesheet, added to the document the first time the page is drawn.

/** Link /static/css/<name>.css once. */
export function styles(name) {
  const href = `/static/css/${name}.css`;
  if (document.querySelector(`link[href="${href}"]`)) return;
  document.head.append(Object.assign(document.createElement("link"), { rel: "stylesheet", href }));
}
