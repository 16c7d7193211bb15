/// A line chart, as data: axes, one line per series, marked points and horizontal guides.
/// ``svg(standalone:)`` draws it; see `LineChart+SVG.swift`.
public struct LineChart: Hashable, Sendable {
    /// One line.
    public struct Series: Hashable, Sendable {
        public var name: String
        /// A CSS colour, such as `#0072b2`.
        public var color: String
        /// Drawn dashed, so that a line lying on another stays visible.
        public var dashed: Bool
        public var points: [Point]

        public init(name: String, color: String, dashed: Bool = false, points: [Point]) {
            self.name = name
            self.color = color
            self.dashed = dashed
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
