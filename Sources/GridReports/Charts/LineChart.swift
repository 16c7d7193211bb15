/// A line chart, as data: axes, one line per series, marked points and horizontal guides.
/// ``svg(standalone:)`` draws it; see `LineChart+SVG.swift`.
public struct LineChart: Hashable, Sendable {
    /// The shape a series' points are drawn with.
    public enum PointShape: String, CaseIterable, Hashable, Sendable {
        /// A disc.
        case circle
        /// A square standing on a side.
        case square
        /// A square standing on a corner.
        case diamond
        /// A triangle pointing up.
        case triangle
        /// A triangle pointing down.
        case triangleDown
        /// A plus sign.
        case cross
    }

    /// How a series' line and points are drawn, besides their colour.
    public struct LineStyle: Hashable, Sendable {
        /// The line's width in pixels; wider lines are drawn under narrower ones.
        public var width: Double
        /// Dash and gap lengths in pixels (SVG `stroke-dasharray`); empty for a solid line.
        public var dash: [Double]
        /// The shape of each point.
        public var shape: PointShape

        /// A style of `width` pixels, dashed by `dash` (empty: solid), with points of `shape`.
        public init(width: Double = 2, dash: [Double] = [], shape: PointShape = .circle) {
            self.width = width
            self.dash = dash
            self.shape = shape
        }

        /// A solid line of 2 pixels with round points.
        public static let solid = LineStyle()
    }

    /// One line.
    public struct Series: Hashable, Sendable {
        /// The name in the legend and tooltips.
        public var name: String
        /// A CSS colour, such as `#0072b2`.
        public var color: String
        /// The line's width, dashes and point shape, so that a line lying on another stays
        /// visible.
        public var line: LineStyle
        /// The measured points, in any order.
        public var points: [Point]

        /// A series named `name`, drawn in `color` with `line`.
        public init(name: String, color: String, line: LineStyle = .solid, points: [Point]) {
            self.name = name
            self.color = color
            self.line = line
            self.points = points
        }

        /// Marked in the legend: some point comes from a run that failed its fixture check.
        public var flagged: Bool { points.contains { $0.flagged } }
    }

    /// One measured point, with the text its tooltip shows.
    public struct Point: Hashable, Sendable {
        public var x: Double
        public var y: Double
        public var tooltip: String
        /// Ringed in red: the point comes from a run that failed its fixture check.
        public var flagged: Bool
        /// The interval the value is known to lie in, when there is one: drawn as a band
        /// along the series and a whisker at the point.
        public var interval: ClosedRange<Double>?

        public init(x: Double, y: Double, tooltip: String, flagged: Bool = false, interval: ClosedRange<Double>? = nil) {
            self.x = x
            self.y = y
            self.tooltip = tooltip
            self.flagged = flagged
            self.interval = interval
        }
    }

    /// A marked point with a label, such as a crossover.
    public struct Marker: Hashable, Sendable {
        public var x: Double
        public var y: Double
        public var label: String
        public var tooltip: String

        public init(x: Double, y: Double, label: String, tooltip: String) {
            self.x = x
            self.y = y
            self.label = label
            self.tooltip = tooltip
        }
    }

    /// A horizontal line at a value of the y axis, such as a frame budget; drawn only when
    /// the value lies inside the y axis' domain.
    public struct Guide: Hashable, Sendable {
        public var value: Double
        public var label: String

        public init(value: Double, label: String) {
            self.value = value
            self.label = label
        }
    }

    public var title: String
    public var x: ChartAxis
    public var y: ChartAxis
    public var series: [Series]
    public var markers: [Marker]
    public var guides: [Guide]
    /// What the chart says in place of lines when no series has a point to draw.
    public var emptyMessage: String

    public init(
        title: String, x: ChartAxis, y: ChartAxis, series: [Series], markers: [Marker] = [], guides: [Guide] = [],
        emptyMessage: String = "No measurements to draw."
    ) {
        self.title = title
        self.x = x
        self.y = y
        self.series = series
        self.markers = markers
        self.guides = guides
        self.emptyMessage = emptyMessage
    }

    /// The guides that fall inside the y axis' domain, and so are drawn.
    public var visibleGuides: [Guide] { guides.filter { y.contains($0.value) } }

    /// A series' points that can be drawn (inside both domains), in x order.
    func drawable(_ series: Series) -> [Point] {
        series.points.filter { x.contains($0.x) && y.contains($0.y) }.sorted { $0.x < $1.x }
    }
}
