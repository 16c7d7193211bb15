#!/usr/bin/env bash
# The report page in a real browser: renders strategy-comparison.html in headless Chromium
# at 1280 px and fails when an embedded chart has zero size, a figure has no chart, or a
# table (or the box it scrolls in) runs past the page's right edge, so that it would be cut
# off. The page itself has no script: a copy of it gets one that measures every <svg> and
# <table> with getBoundingClientRect() and writes its verdict into the DOM, which Chromium
# prints (--dump-dom) and this script reads.
#
#   scripts/check-report-page.sh [PAGE] [--width PX] [--screenshots DIR]
#
# PAGE defaults to reports/latest/strategy-comparison.html. --screenshots DIR also saves
# the top of the page, the alerts, every layout's charts and measured sizes part as PNGs in DIR. Installs
# Chromium with apt-get when it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

page=reports/latest/strategy-comparison.html
width=1280
shots=""
while [ $# -gt 0 ]; do
    case "$1" in
        --width) width=${2:?--width needs a number of pixels}; shift 2 ;;
        --screenshots) shots=${2:?--screenshots needs a directory}; shift 2 ;;
        -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "check-report-page: unknown option $1 (try --help)" >&2; exit 64 ;;
        *) page=$1; shift ;;
    esac
done
[ -f "$page" ] || { echo "check-report-page: no page at $page (run scripts/report.sh first, or name the page)" >&2; exit 66; }

browser=""
for name in chromium chromium-browser google-chrome; do
    if command -v "$name" >/dev/null 2>&1; then browser=$name; break; fi
done
if [ -z "$browser" ]; then
    echo "check-report-page: installing chromium with apt-get…" >&2
    sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo"
    $sudo apt-get install -y chromium >/dev/null 2>&1 || { $sudo apt-get update >/dev/null && $sudo apt-get install -y chromium >/dev/null; }
    browser=chromium
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# A profile of its own, so that no other Chromium's state gets in; no sandbox, which
# containers and root do not allow (the page is our own file, read from disk).
run_browser() {
    "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
        --user-data-dir="$work/profile" --window-size="$width,1000" "$@" 2>"$work/browser.log"
}

# The measuring script, put before </body> of a copy of the page.
cat >"$work/check.js" <<'EOF'
<script>
(function () {
  var problems = [];
  var viewport = document.documentElement.clientWidth;
  function px(value) { return Math.round(value * 10) / 10; }
  var svgs = Array.prototype.slice.call(document.querySelectorAll("svg"));
  svgs.forEach(function (svg, index) {
    var figure = svg.closest("figure");
    var name = figure && figure.getAttribute("data-chart") || "svg " + (index + 1);
    var box = svg.getBoundingClientRect();
    if (box.width < 1 || box.height < 1) problems.push("chart " + name + " has zero size: " + px(box.width) + " x " + px(box.height) + " px");
    if (box.right > viewport + 0.5) problems.push("chart " + name + " runs past the page: right edge at " + px(box.right) + " px of " + viewport);
  });
  Array.prototype.slice.call(document.querySelectorAll("figure")).forEach(function (figure) {
    if (!figure.querySelector("svg")) problems.push("figure " + (figure.getAttribute("data-chart") || figure.id) + " holds no chart");
  });
  var layouts = Array.prototype.slice.call(document.querySelectorAll("section.layout"));
  layouts.forEach(function (section) {
    var drawn = Array.prototype.slice.call(section.querySelectorAll("figure svg")).filter(function (svg) {
      var box = svg.getBoundingClientRect();
      return box.width >= 1 && box.height >= 1;
    });
    if (!drawn.length) problems.push("the section of " + section.getAttribute("data-layout") + " shows no chart");
  });
  var tables = Array.prototype.slice.call(document.querySelectorAll("table"));
  var scrolling = 0;
  tables.forEach(function (table, index) {
    var heading = "";
    for (var node = table.closest(".scroll") || table.parentElement; node && !heading; node = node.previousElementSibling) {
      if (/^H[1-6]$/.test(node.tagName)) heading = node.id || node.textContent.trim();
    }
    var name = "table " + (index + 1) + (heading ? " (after " + heading + ")" : "");
    var wrapper = table.parentElement;
    var scrolls = wrapper && ["auto", "scroll"].indexOf(getComputedStyle(wrapper).overflowX) >= 0;
    var box = (scrolls ? wrapper : table).getBoundingClientRect();
    if (box.left < -0.5 || box.right > viewport + 0.5) {
      problems.push(name + " runs past the page: " + px(box.left) + " to " + px(box.right) + " px of " + viewport);
    }
    if (!scrolls && table.scrollWidth > table.parentElement.clientWidth + 0.5) {
      problems.push(name + " is wider than its box (" + table.scrollWidth + " px in " + table.parentElement.clientWidth + ") and does not scroll: it is cut off");
    }
    if (scrolls && wrapper.scrollWidth > wrapper.clientWidth + 0.5) scrolling += 1;
  });
  if (document.documentElement.scrollWidth > viewport + 0.5) {
    problems.push("the page is " + document.documentElement.scrollWidth + " px wide in a " + viewport + " px window");
  }
  var verdict = document.createElement("pre");
  verdict.id = "gridbench-page-check";
  function count(n, noun) { return n + " " + noun + (n === 1 ? "" : "s"); }
  verdict.textContent = (problems.length ? "FAIL" : "PASS") + ": " + count(layouts.length, "layout") + ", " + count(svgs.length, "chart") + ", "
    + count(tables.length, "table") + " ("
    + scrolling + " scrolling in their box), window " + viewport + " px wide" + (problems.length ? "\n" + problems.join("\n") : "");
  document.body.appendChild(verdict);
})();
</script>
EOF
copy="$work/page.html"
awk -v script="$work/check.js" '
    /<\/body>/ && !done { while ((getline line < script) > 0) print line; done = 1 }
    { print }
' "$page" >"$copy"
grep -q "gridbench-page-check" "$copy" || { echo "check-report-page: $page has no </body>" >&2; exit 65; }

run_browser --virtual-time-budget=10000 --dump-dom "file://$copy" >"$work/dom.html" || {
    echo "check-report-page: $browser failed:" >&2; tail -20 "$work/browser.log" >&2; exit 70; }
verdict=$(sed -n '/<pre id="gridbench-page-check">/,/<\/pre>/p' "$work/dom.html" \
    | sed 's/.*<pre id="gridbench-page-check">//; s/<\/pre>.*//; s/&gt;/>/g; s/&lt;/</g; s/&amp;/\&/g')
if [ -z "$verdict" ]; then
    echo "check-report-page: the page's check wrote no verdict; $browser said:" >&2; tail -20 "$work/browser.log" >&2; exit 70
fi
echo "check-report-page: $page at $width px: $(echo "$verdict" | head -1)"

if [ -n "$shots" ]; then
    mkdir -p "$shots"
    # Headless Chromium draws a blank page when its screenshot scrolls to a fragment, so
    # each shot is of a copy of the page from which everything before its part is removed.
    shot() {  # name, id of the first element shown (empty: the top), height in px
        local copy="$work/shot-$1.html"
        if [ -n "$2" ]; then
            awk -v id="$2" '
                /<\/body>/ && !done {
                    print "<script>(function () { var node = document.getElementById(\"" id "\");"
                    print "  for (; node && node.tagName !== \"MAIN\"; node = node.parentElement)"
                    print "    while (node.previousElementSibling) node.previousElementSibling.remove(); })();</script>"
                    done = 1
                }
                { print }' "$page" >"$copy"
        else
            cp "$page" "$copy"
        fi
        run_browser --window-size="$width,$3" --screenshot="$shots/$1.png" "file://$copy" >/dev/null || true
        if [ -s "$shots/$1.png" ]; then echo "  $shots/$1.png"; else echo "check-report-page: no screenshot $1" >&2; fi
    }
    echo "check-report-page: screenshots"
    shot top "" 1600
    if grep -q 'id="alerts"' "$page"; then shot alerts alerts 1000; fi
    for id in $(grep -o 'id="layout-[a-z0-9-]*-distribution"' "$page" | sed 's/id="//; s/"$//'); do
        layout=${id#layout-}
        shot "charts-${layout%-distribution}" "$id" 3300
    done
    for id in $(grep -o 'id="layout-[a-z0-9-]*-measured-sizes"' "$page" | sed 's/id="//; s/"$//'); do
        layout=${id#layout-}
        shot "measured-sizes-${layout%-measured-sizes}" "$id" 3000
    done
fi

if echo "$verdict" | head -1 | grep -q "^PASS: "; then exit 0; fi
echo "$verdict" | sed '1d' | sed 's/^/  /' >&2
exit 1
