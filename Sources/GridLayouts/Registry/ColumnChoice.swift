/// How a layout of several columns chooses the column of what it places while sizes are
/// estimated: the waterfall's `"lanes"` (an item's column) and the columnar layout's
/// `"placement"` (a section's column), one rule under two spec fields.
///
/// Both rules are functions of the data as known now (each item's estimate, and its
/// measured size where it has one), never of the order in which measurements came, so that
/// a fresh layout given the same data answers the same (law 6). Without an estimate every
/// size is known and the two are the same rule.
public enum ColumnChoice: String, Hashable, Sendable, Codable, CaseIterable, SpecChoice {
    /// The column is chosen as if every item had its estimated size, as TanStack Virtual's
    /// `laneAssignmentMode: "estimate"`: a measurement changes heights within a column and
    /// never moves anything to another column (the default). In a waterfall, with one
    /// estimate for all, the columns grow alike and item `m` of a section goes to column
    /// `m mod k`.
    case stable
    /// The shortest column by the sizes known now, measured or estimated: items (in a
    /// waterfall) or sections (in the columnar layout) may change columns as cells are
    /// measured.
    case rebalance

    public init(from decoder: any Decoder) throws { try self.init(decodingChoiceFrom: decoder) }
}
