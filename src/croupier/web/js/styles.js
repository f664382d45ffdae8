// A page's own stylesheet, added to the document the first time the page is drawn.

let built = null;

/** The built stylesheets' names (content-hashed: "css/floor_live.css" to its file), which the
 * page's HTML carries (docs/web.md); none when the page is served from the sources. */
function builtNames() {
  if (built === null) {
    const data = document.getElementById("croupier-assets");
    try {
      built = data ? JSON.parse(data.textContent) : {};
    } catch {
      built = {};
    }
  }
  return built;
}

/** Link the stylesheet css/<name>.css once. */
export function styles(name) {
  const href = builtNames()[`css/${name}.css`] || `/static/css/${name}.css`;
  if (document.querySelector(`link[href="${href}"]`)) return;
  document.head.append(Object.assign(document.createElement("link"), { rel: "stylesheet", href }));
}
