/// Drawing a ``LineChart`` as SVG.
///
/// Styles are presentation attributes, not CSS classes, so the same drawing works inline
/// in the HTML page and as a file of its own beside the Markdown. Fonts are the system's.
extension LineChart {
    static let width = 880.0
    static let height = 420.0
    static let fontFamily = "system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', Arial, sans-serif"
    static let failColor = "#c81e1e"

    /// The chart as an `<svg>` element. `standalone` adds the SVG namespace, which a file
    /// needs and HTML does not; inline, the chart scales down with the page.
    public func svg(standalone: Bool) -> String {
        let left = 84.0, right = Self.width - 28
        let legend = legendRows(maxWidth: right - left)
        let top = 46 + Double(legend.count) * 20 + 14
        let bottom = Self.height - 58
        let plot = Plot(left: left, right: right, top: top, bottom: bottom)

        var out = "<svg"
        if standalone { out += " xmlns=\"http://www.w3.org/2000/svg\"" }
        out += " viewBox=\"0 0 \(n(Self.width)) \(n(Self.height))\" width=\"\(n(Self.width))\" height=\"\(n(Self.height))\""
        if !standalone { out += " style=\"width:100%;height:auto\"" }
        out += " role=\"img\" font-family=\"\(Escape.html(Self.fontFamily))\" font-size=\"12\">\n"
        out += "<title>\(Escape.html(title))</title>\n"
        out += "<rect x=\"0\" y=\"0\" width=\"\(n(Self.width))\" height=\"\(n(Self.height))\" fill=\"#ffffff\"/>\n"
        out += "<text x=\"16\" y=\"26\" font-size=\"16\" font-weight=\"600\" fill=\"#111827\">\(Escape.html(title))</text>\n"
        out += drawLegend(legend, left: left, top: 46)
        out += drawGrid(plot)
        out += drawGuides(plot)

        let drawn = series.map { (series: $0, points: drawable($0)) }
        if drawn.allSatisfy({ $0.points.isEmpty }) {
            out += "<text x=\"\(n((plot.left + plot.right) / 2))\" y=\"\(n((plot.top + plot.bottom) / 2))\" text-anchor=\"middle\" "
                + "font-size=\"14\" fill=\"#6b7280\">\(Escape.html(emptyMessage))</text>\n"
        }
        // Widest first: where lines coincide, each narrower one is drawn over the wider.
        let byWidth = drawn.enumerated().sorted { ($1.element.series.line.width, $0.offset) < ($0.element.series.line.width, $1.offset) }
        for (series, points) in byWidth.map(\.element) where !points.isEmpty {
            out += drawSeries(series, points: points, plot)
        }
        out += drawMarkers(plot)
        out += drawAxes(plot)
        out += "</svg>"
        return out
    }

    struct Plot {
        var left, right, top, bottom: Double
    }

    /// Space between the axes and the ends of their domains, so points at the ends do not
    /// sit on the axis lines.
    static let inset = 8.0

    private func px(_ value: Double, _ plot: Plot) -> Double {
        plot.left + Self.inset + x.fraction(value) * (plot.right - plot.left - 2 * Self.inset)
    }

    private func py(_ value: Double, _ plot: Plot) -> Double {
        plot.bottom - Self.inset - y.fraction(value) * (plot.bottom - plot.top - 2 * Self.inset)
    }

    /// Coordinates to a tenth of a pixel: exact enough, and the file stays small and stable.
    private func n(_ value: Double) -> String { Format.trimmed(value, maxDecimals: 1) }

    private func legendLabel(_ series: Series) -> String {
        if drawable(series).isEmpty { return series.name + " — not drawn" }
        guard series.flagged else { return series.name }
        return series.points.allSatisfy(\.flagged) ? series.name + " — fixture FAIL" : series.name + " — fixture FAIL at ringed points"
    }

    /// Legend entries laid out in rows no wider than `maxWidth`, by an estimate of text width.
    private func legendRows(maxWidth: Double) -> [[(series: Series, x: Double)]] {
        var rows: [[(series: Series, x: Double)]] = [[]]
        var cursor = 0.0
        for series in series {
            let width = 34 + 7 * Double(legendLabel(series).count) + 18
            if cursor > 0, cursor + width > maxWidth {
                rows.append([])
                cursor = 0
            }
            rows[rows.count - 1].append((series, cursor))
            cursor += width
        }
        return rows.filter { !$0.isEmpty }
    }

    private func drawLegend(_ rows: [[(series: Series, x: Double)]], left: Double, top: Double) -> String {
        var out = "<g>\n"
        for (rowIndex, row) in rows.enumerated() {
            let y = top + Double(rowIndex) * 20
            for (series, offset) in row {
                let x0 = left + offset
                out += "<g><title>\(Escape.html(legendLabel(series)))</title>"
                out += "<line x1=\"\(n(x0))\" y1=\"\(n(y))\" x2=\"\(n(x0 + 26))\" y2=\"\(n(y))\" stroke=\"\(Escape.html(series.color))\" "
                    + "stroke-width=\"\(n(min(series.line.width, 4)))\"\(dashAttribute(series.line))/>"
                out += shape(series.line.shape, x: x0 + 13, y: y, radius: 4, fill: series.color)
                let color = series.flagged ? Self.failColor : "#111827"
                let weight = series.flagged ? " font-weight=\"700\"" : ""
                out += "<text x=\"\(n(x0 + 34))\" y=\"\(n(y + 4))\" fill=\"\(color)\"\(weight)>\(Escape.html(legendLabel(series)))</text></g>\n"
            }
        }
        return out + "</g>\n"
    }

    private func drawGrid(_ plot: Plot) -> String {
        var out = "<g stroke=\"#e5e7eb\" stroke-width=\"1\">\n"
        for tick in x.ticks where x.contains(tick.value) {
            let position = px(tick.value, plot)
            out += "<line x1=\"\(n(position))\" y1=\"\(n(plot.top))\" x2=\"\(n(position))\" y2=\"\(n(plot.bottom))\"/>\n"
        }
        for tick in y.ticks where y.contains(tick.value) {
            let position = py(tick.value, plot)
            out += "<line x1=\"\(n(plot.left))\" y1=\"\(n(position))\" x2=\"\(n(plot.right))\" y2=\"\(n(position))\"/>\n"
        }
        return out + "</g>\n"
    }

    /// Guides with their labels at the left of the plot, where cost curves usually start
    /// low; a label that would run into the one above it goes under its line instead.
    private func drawGuides(_ plot: Plot) -> String {
        var out = ""
        var previousLine = -Double.infinity
        for guide in visibleGuides.sorted(by: { py($0.value, plot) < py($1.value, plot) }) {
            let position = py(guide.value, plot)
            let labelY = position - previousLine < 18 ? position + 14 : position - 5
            previousLine = position
            out += "<g><title>\(Escape.html(guide.label))</title>"
            out += "<line x1=\"\(n(plot.left))\" y1=\"\(n(position))\" x2=\"\(n(plot.right))\" y2=\"\(n(position))\" "
                + "stroke=\"#b91c1c\" stroke-width=\"1.5\" stroke-dasharray=\"8 4\" opacity=\"0.8\"/>"
            out += "<text x=\"\(n(plot.left + 6))\" y=\"\(n(labelY))\" font-size=\"11\" fill=\"#b91c1c\"\(Self.halo)>"
                + "\(Escape.html(guide.label))</text></g>\n"
        }
        return out
    }

    /// A white outline under label text, so it stays readable across lines.
    static let halo = " stroke=\"#ffffff\" stroke-width=\"3\" stroke-linejoin=\"round\" paint-order=\"stroke\""

    private func drawSeries(_ series: Series, points: [Point], _ plot: Plot) -> String {
        let color = Escape.html(series.color)
        let dash = dashAttribute(series.line)
        var out = "<g>\n"
        // Intervals: a translucent band between the lows and the highs of consecutive
        // points that have one, and a whisker at each.
        let banded = points.compactMap { point -> (x: Double, range: ClosedRange<Double>)? in
            guard let range = point.interval, y.contains(range.lowerBound), y.contains(range.upperBound) else { return nil }
            return (point.x, range)
        }
        if banded.count > 1 {
            let highs = banded.map { "\(n(px($0.x, plot))),\(n(py($0.range.upperBound, plot)))" }
            let lows = banded.reversed().map { "\(n(px($0.x, plot))),\(n(py($0.range.lowerBound, plot)))" }
            out += "<polygon points=\"\((highs + lows).joined(separator: " "))\" fill=\"\(color)\" opacity=\"0.15\" stroke=\"none\"/>\n"
        }
        for point in banded {
            let cx = n(px(point.x, plot))
            out += "<line x1=\"\(cx)\" y1=\"\(n(py(point.range.upperBound, plot)))\" x2=\"\(cx)\" y2=\"\(n(py(point.range.lowerBound, plot)))\" "
                + "stroke=\"\(color)\" stroke-width=\"1.5\" opacity=\"0.7\"/>\n"
        }
        if points.count > 1 {
            let coordinates = points.map { "\(n(px($0.x, plot))),\(n(py($0.y, plot)))" }.joined(separator: " ")
            let opacity = series.line.width > 3 ? " stroke-opacity=\"0.55\"" : ""
            out += "<polyline points=\"\(coordinates)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"\(n(series.line.width))\" "
                + "stroke-linejoin=\"round\"\(opacity)\(dash)><title>\(Escape.html(legendLabel(series)))</title></polyline>\n"
        }
        // Points shrink with their number; a wide line's points stay as wide as the line, so
        // that a narrower series' points lie inside them.
        let base = points.count <= 40 ? 3.5 : (points.count <= 200 ? 2.2 : 1.4)
        let radius = max(base, points.count <= 40 ? series.line.width : 0)
        for point in points {
            let x = px(point.x, plot), y = py(point.y, plot)
            out += "<g><title>\(Escape.html(point.tooltip))</title>"
                + shape(series.line.shape, x: x, y: y, radius: radius, fill: series.color) + "</g>"
            let cx = n(x), cy = n(y)
            if point.flagged {
                out += "<circle cx=\"\(cx)\" cy=\"\(cy)\" r=\"\(n(radius + 3))\" fill=\"none\" stroke=\"\(Self.failColor)\" stroke-width=\"1.5\"/>"
            }
            out += "\n"
        }
        return out + "</g>\n"
    }

    /// The `stroke-dasharray` attribute of `line`, or nothing for a solid line.
    private func dashAttribute(_ line: LineStyle) -> String {
        line.dash.isEmpty ? "" : " stroke-dasharray=\"\(line.dash.map(n).joined(separator: " "))\""
    }

    /// A point of `kind` centred on `(x, y)`, about `radius` from centre to edge, outlined
    /// in white so that it stands out from the lines under it.
    private func shape(_ kind: PointShape, x: Double, y: Double, radius r: Double, fill: String) -> String {
        let paint = "fill=\"\(Escape.html(fill))\" stroke=\"#ffffff\" stroke-width=\"0.8\""
        func polygon(_ corners: [(Double, Double)]) -> String {
            "<polygon points=\"\(corners.map { "\(n(x + $0.0)),\(n(y + $0.1))" }.joined(separator: " "))\" \(paint)/>"
        }
        switch kind {
        case .circle:
            return "<circle cx=\"\(n(x))\" cy=\"\(n(y))\" r=\"\(n(r))\" \(paint)/>"
        case .square:
            let side = r * 1.7
            return "<rect x=\"\(n(x - side / 2))\" y=\"\(n(y - side / 2))\" width=\"\(n(side))\" height=\"\(n(side))\" \(paint)/>"
        case .diamond:
            let d = r * 1.3
            return polygon([(0, -d), (d, 0), (0, d), (-d, 0)])
        case .triangle:
            let d = r * 1.35
            return polygon([(0, -d), (d, d * 0.75), (-d, d * 0.75)])
        case .triangleDown:
            let d = r * 1.35
            return polygon([(0, d), (d, -d * 0.75), (-d, -d * 0.75)])
        case .cross:
            let d = r * 1.2, w = r * 0.45
            return polygon([
                (-w, -d), (w, -d), (w, -w), (d, -w), (d, w), (w, w), (w, d), (-w, d), (-w, w), (-d, w), (-d, -w), (-w, -w),
            ])
        }
    }

    private func drawMarkers(_ plot: Plot) -> String {
        var out = ""
        // Labels of markers close together go on successive lines rather than over each
        // other: each line remembers the horizontal extents already taken.
        var lines: [[ClosedRange<Double>]] = []
        let shown = markers.filter { x.contains($0.x) && y.contains($0.y) }.sorted { $0.x < $1.x }
        for marker in shown {
            let mx = px(marker.x, plot), my = py(marker.y, plot)
            let rightHalf = mx > (plot.left + plot.right) / 2
            let width = 7.0 * Double(marker.label.count)  // about 7 px a character at 12 px
            let extent = rightHalf ? (mx - 6 - width)...(mx - 6) : (mx + 6)...(mx + 6 + width)
            let line = lines.firstIndex { taken in !taken.contains { $0.overlaps(extent) } } ?? lines.count
            if line == lines.count { lines.append([]) }
            lines[line].append(extent)
            let labelY = plot.top + 14 + 16 * Double(line)
            out += "<g><title>\(Escape.html(marker.tooltip))</title>"
            out += "<line x1=\"\(n(mx))\" y1=\"\(n(plot.top))\" x2=\"\(n(mx))\" y2=\"\(n(plot.bottom))\" stroke=\"#111827\" "
                + "stroke-width=\"1\" stroke-dasharray=\"3 3\" opacity=\"0.7\"/>"
            out += "<circle cx=\"\(n(mx))\" cy=\"\(n(my))\" r=\"7\" fill=\"none\" stroke=\"#111827\" stroke-width=\"2\"/>"
            out += "<text x=\"\(n(rightHalf ? mx - 6 : mx + 6))\" y=\"\(n(labelY))\" text-anchor=\"\(rightHalf ? "end" : "start")\" "
                + "font-size=\"12\" font-weight=\"600\" fill=\"#111827\"\(Self.halo)>\(Escape.html(marker.label))</text></g>\n"
        }
        return out
    }

    private func drawAxes(_ plot: Plot) -> String {
        var out = "<g fill=\"#374151\">\n"
        out += "<line x1=\"\(n(plot.left))\" y1=\"\(n(plot.top))\" x2=\"\(n(plot.left))\" y2=\"\(n(plot.bottom))\" stroke=\"#6b7280\"/>\n"
        out += "<line x1=\"\(n(plot.left))\" y1=\"\(n(plot.bottom))\" x2=\"\(n(plot.right))\" y2=\"\(n(plot.bottom))\" stroke=\"#6b7280\"/>\n"
        for tick in x.ticks where x.contains(tick.value) {
            let position = px(tick.value, plot)
            out += "<line x1=\"\(n(position))\" y1=\"\(n(plot.bottom))\" x2=\"\(n(position))\" y2=\"\(n(plot.bottom + 5))\" stroke=\"#6b7280\"/>"
            out += "<text x=\"\(n(position))\" y=\"\(n(plot.bottom + 19))\" text-anchor=\"middle\">\(Escape.html(tick.label))</text>\n"
        }
        for tick in y.ticks where y.contains(tick.value) {
            let position = py(tick.value, plot)
            out += "<line x1=\"\(n(plot.left - 5))\" y1=\"\(n(position))\" x2=\"\(n(plot.left))\" y2=\"\(n(position))\" stroke=\"#6b7280\"/>"
            out += "<text x=\"\(n(plot.left - 8))\" y=\"\(n(position + 4))\" text-anchor=\"end\">\(Escape.html(tick.label))</text>\n"
        }
        out += "<text x=\"\(n((plot.left + plot.right) / 2))\" y=\"\(n(plot.bottom + 42))\" text-anchor=\"middle\" font-size=\"13\" "
            + "fill=\"#111827\">\(Escape.html(x.title))</text>\n"
        let middle = (plot.top + plot.bottom) / 2
        out += "<text x=\"20\" y=\"\(n(middle))\" text-anchor=\"middle\" font-size=\"13\" fill=\"#111827\" "
            + "transform=\"rotate(-90 20 \(n(middle)))\">\(Escape.html(y.title))</text>\n"
        return out + "</g>\n"
    }
}
