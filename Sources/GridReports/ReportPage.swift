/// What the HTML page's parts share: anchors, headings that link to themselves, the style
/// sheet.
enum ReportPage {
    /// `text` as a fragment identifier: lower case letters, digits and single hyphens
    /// (`Tile grid / 120 Hz` → `tile-grid-120-hz`), never empty. Names from results files
    /// go through this, so an anchor needs no escaping in an `id` or an `href`.
    static func slug(_ text: String) -> String {
        var slug = ""
        var pendingHyphen = false
        for scalar in text.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                if pendingHyphen, !slug.isEmpty { slug += "-" }
                pendingHyphen = false
                slug.unicodeScalars.append(scalar)
            } else {
                pendingHyphen = true
            }
        }
        return slug.isEmpty ? "x" : slug
    }

    /// A heading of `level` with `id`, whose `#` links to itself, so that a reader can
    /// copy a link to any part of the page. `html` is already escaped.
    static func heading(_ level: Int, id: String, _ html: String) -> String {
        "<h\(level) id=\"\(id)\">\(html) <a class=\"anchor\" href=\"#\(id)\" aria-label=\"Link to this part\">#</a></h\(level)>\n"
    }

    /// The page's style sheet.
    static let css = """
        :root { color-scheme: light; }
        * { box-sizing: border-box; }
        html { scroll-behavior: auto; }
        body { margin: 0; background: #f3f4f6; color: #111827;
          font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", Arial, sans-serif; }
        main { max-width: 1120px; margin: 0 auto; padding: 24px 28px 48px; background: #fff; }
        h1 { font-size: 26px; margin: 0 0 4px; }
        h2 { font-size: 21px; margin: 36px 0 10px; padding-bottom: 4px; border-bottom: 2px solid #d1d5db; }
        h3 { font-size: 17px; margin: 28px 0 10px; padding-bottom: 3px; border-bottom: 1px solid #e5e7eb; }
        h4 { font-size: 15px; margin: 20px 0 8px; }
        [id] { scroll-margin-top: 12px; }
        .anchor { color: #9ca3af; text-decoration: none; font-weight: normal; opacity: 0.35; margin-left: 4px; }
        h2:hover .anchor, h3:hover .anchor, h4:hover .anchor, .anchor:focus { opacity: 1; }
        section.layout { margin-top: 44px; }
        section.layout > h2 { font-size: 24px; border-bottom: 3px solid #0072b2; }
        a { color: #075985; }
        .sub, .dim, .note { color: #4b5563; }
        .dim { font-weight: normal; }
        .note { font-size: 13px; }
        .verdict p { font-size: 16px; margin: 6px 0; }
        .cards { display: flex; gap: 16px; flex-wrap: wrap; margin: 14px 0 6px; }
        .card { flex: 1 1 280px; border: 1px solid #d1d5db; border-radius: 8px; padding: 12px 16px; background: #f9fafb; }
        .card.main { border-color: #0072b2; background: #eff6fc; }
        .card .big { font-size: 26px; font-weight: 700; }
        .alert { border: 2px solid #c81e1e; background: #fdf2f2; border-radius: 8px; padding: 8px 16px; margin: 16px 0; }
        .alert h2 { margin-top: 8px; border-bottom-color: #f5c2c2; }
        .alert ul { margin: 4px 0 8px; padding-left: 22px; }
        .alert li { margin: 3px 0; }
        .ok { border: 1px solid #9ae6b4; background: #f0fdf4; border-radius: 8px; padding: 8px 16px; margin: 16px 0; }
        .toc ol { margin: 4px 0; padding-left: 22px; }
        .toc li { margin: 3px 0; }
        .toc .parts { font-size: 13px; color: #4b5563; }
        .badge { display: inline-block; padding: 1px 8px; border-radius: 10px; font-size: 12px; font-weight: 700; white-space: nowrap; }
        .badge.pass { background: #def7ec; color: #03543f; }
        .badge.fail { background: #c81e1e; color: #fff; }
        .badge.over { background: #fde8e8; color: #9b1c1c; }
        figure { margin: 12px 0 20px; }
        figure svg { display: block; max-width: 100%; height: auto; border: 1px solid #e5e7eb; border-radius: 6px; }
        figcaption { font-size: 13px; color: #374151; margin-top: 6px; }
        .scroll { overflow-x: auto; max-width: 100%;
          /* A shadow at an edge with more table beyond it: a box that scrolls says so. */
          background: linear-gradient(to right, #fff 30%, rgba(255,255,255,0)) left / 40px 100% no-repeat local,
            linear-gradient(to left, #fff 30%, rgba(255,255,255,0)) right / 40px 100% no-repeat local,
            radial-gradient(farthest-side at 0 50%, rgba(0,0,0,.22), rgba(0,0,0,0)) left / 14px 100% no-repeat scroll,
            radial-gradient(farthest-side at 100% 50%, rgba(0,0,0,.22), rgba(0,0,0,0)) right / 14px 100% no-repeat scroll; }
        table { border-collapse: collapse; font-size: 12.5px; font-variant-numeric: tabular-nums; margin: 6px 0 8px; }
        th, td { padding: 4px 6px; border-bottom: 1px solid #e5e7eb; text-align: left; white-space: nowrap; }
        thead th { white-space: normal; vertical-align: bottom; }
        td.wrap { white-space: normal; min-width: 220px; }
        thead th { background: #f3f4f6; border-bottom: 2px solid #d1d5db; }
        .num { text-align: right; }
        tr.group th { background: #fafafa; font-weight: 600; padding-top: 8px; }
        tr.failed td { background: #fdf2f2; }
        tr.over td { background: #fff8f1; }
        td.overbudget { color: #9b1c1c; font-weight: 700; }
        tr.threshold td { background: #eff6fc; }
        tr:target td, tr:target th { background: #fef3c7; outline: 2px solid #f59e0b; }
        .summary td { white-space: normal; vertical-align: top; }
        .summary td.nowrap { white-space: nowrap; }
        .swatch { display: inline-block; width: 10px; height: 10px; border-radius: 2px; margin-right: 6px; }
        .rule { background: #f9fafb; border-left: 4px solid #0072b2; padding: 8px 12px; }
        footer { margin-top: 32px; font-size: 12px; color: #4b5563; }
        footer h2 { font-size: 17px; }
        footer dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; }
        footer dt { font-weight: 600; }
        footer dd { margin: 0; overflow-wrap: anywhere; }
        """
}
