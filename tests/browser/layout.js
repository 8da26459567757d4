// What of the page's own words covers the game's canvas: each visible text's box (a Range round the
// text, so that a wide element with a short line counts by its words) that meets canvas#canvas.
// Answers {canvas: [left, top, width, height], texts: [[text, box]], overlaps: [[text, box]]}.
() => {
  const canvas = document.querySelector("canvas#canvas");
  const area = canvas.getBoundingClientRect();
  const texts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.trim();
    if (!text || node.parentElement.closest("script, style")) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const box of range.getClientRects()) {
      if (box.width > 0 && box.height > 0) texts.push([text, [box.left, box.top, box.width, box.height]]);
    }
  }
  const meets = ([left, top, width, height]) =>
    left < area.right && left + width > area.left && top < area.bottom && top + height > area.top;
  return {
    canvas: [area.left, area.top, area.width, area.height],
    texts,
    overlaps: texts.filter(([, box]) => meets(box)),
  };
}
