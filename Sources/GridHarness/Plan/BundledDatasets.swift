import Foundation
import GridCore
import GridLayouts

/// The data sets GridBench ships in `datasets/specs/`, made by code so that they can be
/// regenerated (`gridbench datasets generate`) and checked against the committed files.
public enum BundledDatasets {
    /// CHGridView's own data set: "31 images to populate 2,976 tiles separated into 96
    /// sections", 4 tiles per line on a 320 × 480 iPhone screen, rows of 79, padding 4,
    /// section titles of 22.
    public static func photos2976() throws(GridError) -> LayoutSpec {
        LayoutSpec(
            name: "photos-2976", parameters: TileGrid.Configuration.chGridView, container: Size(width: 320, height: 480),
            data: try DataShape(sections: 96, itemsPerSection: 31))
    }

    /// 3,000 tiles in 96 uneven sections (1 to 61 items), each item with its own content
    /// size, in the centred ("iPhoto") style: like photos exported "with a maximum width of
    /// 160 pixels", landscape and portrait, most larger than a 75 × 75 tile and scaled down
    /// to fit it. Seeded, so it is the same on every machine.
    public static func mixed3000() throws(GridError) -> LayoutSpec {
        var random = SeededRandom(seed: 3000)
        var counts = (0..<96).map { _ in random.integer(1...61) }
        // Nudge random sections up or down by one until the total is exactly 3,000.
        while counts.reduce(0, +) != 3000 {
            let section = random.integer(0...95)
            if counts.reduce(0, +) < 3000 { counts[section] = min(counts[section] + 1, 61) } else { counts[section] = max(counts[section] - 1, 1) }
        }
        var sizes: [Size] = []
        sizes.reserveCapacity(3000)
        for _ in 0..<3000 {
            let long = random.integer(60...160), short = random.integer(40...long)
            let landscape = random.uniform(0...1) < 0.6
            sizes.append(Size(width: Double(landscape ? long : short), height: Double(landscape ? short : long)))
        }
        var configuration = TileGrid.Configuration.chGridView
        configuration.centersItems = true
        return LayoutSpec(
            name: "mixed-3000", parameters: configuration, container: Size(width: 320, height: 480),
            data: try DataShape(itemCounts: counts, itemSizes: sizes))
    }

    /// The tile counts of the scale series: 100 to 10,000,000.
    public static let scaleTiles = [100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000]

    /// CHGridView's grid with `tiles` tiles in sections of 31 (the last one shorter).
    public static func scale(_ tiles: Int) throws(GridError) -> LayoutSpec {
        var counts = Array(repeating: 31, count: tiles / 31)
        if tiles % 31 != 0 { counts.append(tiles % 31) }
        return LayoutSpec(
            name: "scale-\(tiles)", parameters: TileGrid.Configuration.chGridView, container: Size(width: 320, height: 480),
            data: try DataShape(itemCounts: counts))
    }

    /// The source document's own data grid (IGGridView): ten sales records of four fields,
    /// transposed (records as columns), with a header row and a header column of 150 on an
    /// iPad's 768 × 1024.
    public static func sales10x4() throws(GridError) -> LayoutSpec {
        let configuration = DataGrid.Configuration(
            transposed: true, columnWidth: 150, rowHeight: 44, headerHeight: 150, rowHeaderWidth: 150, fields: 4)
        return LayoutSpec(
            name: "sales-10x4", parameters: configuration, container: Size(width: 768, height: 1024),
            data: try DataGrid.data(records: 10, fields: 4))
    }

    /// A data grid of `records` records by `fields` fields, not transposed, with the default
    /// header row (44) and a frozen header column of 100, on a 320 × 480 screen.
    public static func records(_ records: Int, fields: Int) throws(GridError) -> LayoutSpec {
        let configuration = DataGrid.Configuration(rowHeaderWidth: 100, fields: fields)
        return LayoutSpec(
            name: "records-\(records)x\(fields)", parameters: configuration, container: Size(width: 320, height: 480),
            data: try DataGrid.data(records: records, fields: fields))
    }

    /// A timesheet in Proton's span grid: 40 rows × 20 columns on an iPad's 768 × 1024, the
    /// header row and the name column frozen, a dozen merged cells (the two weeks' headers,
    /// holidays, subtotal rows, notes spanning rows). Columns of every kind: fixed, days at
    /// 1/16 of the width clamped up to their minimum (48 → 56), overtime at the width less
    /// 512 clamped down to its maximum (256 → 200: Proton, which forgets `max` once it has
    /// applied `min`, would give 256).
    public static func timesheet20x40() throws(GridError) -> LayoutSpec {
        typealias Column = SpanGrid.ColumnWidth
        var columns = [Column(.fixed(160))]
        columns += Array(repeating: Column(.fractional(0.0625), min: 56, max: 96), count: 14)
        columns += Array(repeating: Column(.fixed(80)), count: 3)
        columns += [Column(.viewport(padding: 512), min: 120, max: 200), Column(.fixed(96))]
        let rows = [
            SpanGrid.RowRun(count: 1, height: 48), SpanGrid.RowRun(count: 9, height: 40), SpanGrid.RowRun(count: 1, height: 56),
            SpanGrid.RowRun(count: 9, height: 40), SpanGrid.RowRun(count: 1, height: 56), SpanGrid.RowRun(count: 19, height: 40),
        ]
        let merges = [
            (0, 1, 1, 7), (0, 8, 1, 7),  // the two weeks' headers
            (3, 2, 1, 5), (5, 8, 2, 3), (7, 15, 3, 2),  // holidays and leave
            (10, 1, 1, 14), (20, 1, 1, 14),  // subtotal rows
            (12, 4, 4, 1), (14, 9, 2, 2), (17, 18, 5, 1), (26, 11, 1, 4), (30, 16, 6, 2),  // notes
        ].map { GridPlacement(row: $0.0, column: $0.1, rowSpan: $0.2, columnSpan: $0.3) }
        let configuration = SpanGrid.Configuration(columns: columns, rows: rows, merges: merges, frozenRows: 1, frozenColumns: 1)
        return LayoutSpec(
            name: "timesheet-20x40", parameters: configuration, container: Size(width: 768, height: 1024),
            data: try configuration.dataShape())
    }

    /// A ledger of 100,000 rows × 30 columns (3,000,000 slots) on a 1024 × 768 screen: a
    /// frozen header row and date column, rows of 28, a merged note across columns 2…5
    /// about every hundred rows (seeded), and one annotation spanning 10,000 rows of the
    /// last column.
    public static func ledger100000x30() throws(GridError) -> LayoutSpec {
        try ledger(100_000)
    }

    /// The row counts of the span grid's scale series beyond the timesheet's 40 rows:
    /// ledgers of 300 to 3,000,000 slots.
    public static let ledgerRows = [10, 100, 1_000, 10_000, 100_000]

    /// A ledger of `rows` rows × 30 columns, as ``ledger100000x30()`` (which is
    /// `ledger(100_000)`): a frozen header row and date column, rows of 28, a merged note
    /// across columns 2…5 about every hundred rows (seeded by `rows`), and, from 20 rows,
    /// an annotation in the last column spanning a tenth of the rows from two fifths down.
    public static func ledger(_ rows: Int) throws(GridError) -> LayoutSpec {
        typealias Column = SpanGrid.ColumnWidth
        var columns = [Column(.fixed(88)), Column(.fractional(0.25), min: 160, max: 320)]
        columns += Array(repeating: Column(.fixed(72)), count: 26)
        columns += [Column(.viewport(padding: 824), min: 96, max: 160), Column(.fixed(240))]
        let runs = [SpanGrid.RowRun(count: 1, height: 36), SpanGrid.RowRun(count: rows - 1, height: 28)]
        var random = SeededRandom(seed: UInt64(rows))
        var merges: [GridPlacement] = []
        var row = 1 + random.integer(0...99)
        while row < rows {
            merges.append(GridPlacement(row: row, column: 2, rowSpan: 1, columnSpan: 4))
            row += random.integer(50...150)
        }
        if rows / 10 >= 2 { merges.append(GridPlacement(row: rows * 2 / 5, column: 29, rowSpan: rows / 10, columnSpan: 1)) }
        let configuration = SpanGrid.Configuration(columns: columns, rows: runs, merges: merges, frozenRows: 1, frozenColumns: 1)
        return LayoutSpec(
            name: "ledger-\(rows)x30", parameters: configuration, container: Size(width: 1024, height: 768),
            data: try configuration.dataShape())
    }

    /// A grouped table in three columns on an iPad's 768 × 1024 (the columnar grouped
    /// layout's own setting): 96 sections of 1 to 40 items, each item 44 to 120 points tall,
    /// headers of 28 and footers of 16. Seeded.
    public static func grouped96() throws(GridError) -> LayoutSpec {
        var random = SeededRandom(seed: 96)
        let counts = (0..<96).map { _ in random.integer(1...40) }
        let heights = (0..<counts.reduce(0, +)).map { _ in Size(width: 1, height: Double(random.integer(44...120))) }
        let configuration = ColumnarGrouped.Configuration(columns: 3, headerHeight: 28, footerHeight: 16)
        return LayoutSpec(
            name: "grouped-96", parameters: configuration, container: Size(width: 768, height: 1024),
            data: try DataShape(itemCounts: counts, itemSizes: heights))
    }

    /// The item counts of the columnar layout's scale series beside `grouped-96`'s 1,968.
    public static let columnarItems = [100, 1_000, 10_000, 100_000, 1_000_000]

    /// `grouped-96`'s layout at scale: `items` items in sections of 20 (the last one
    /// shorter), three columns on 768 × 1024, headers of 28 and footers of 16, the items'
    /// heights a seeded pattern of 2,000 heights of 44 to 120 points repeated (so that the
    /// spec stays small at a million).
    public static func columnar(_ items: Int) throws(GridError) -> LayoutSpec {
        var random = SeededRandom(seed: 20_000)
        let pattern = (0..<min(items, 2_000)).map { _ in Size(width: 1, height: Double(random.integer(44...120))) }
        var counts = Array(repeating: 20, count: items / 20)
        if items % 20 != 0 { counts.append(items % 20) }
        let configuration = ColumnarGrouped.Configuration(columns: 3, headerHeight: 28, footerHeight: 16)
        return LayoutSpec(
            name: "columnar-\(items)", parameters: configuration, container: Size(width: 768, height: 1024),
            data: try DataShape(itemCounts: counts, itemSizes: (0..<items).map { pattern[$0 % pattern.count] }))
    }

    /// The waterfall's scale series: `pins-100` to `pins-1000000`.
    public static let pinsCounts = [100, 1_000, 3_000, 10_000, 100_000, 1_000_000]

    /// The data grid's scale series beyond `sales-10x4`, `records-1000x12` and
    /// `records-1000000x20`: 10 fields of 10 to 100,000 records (100 to 1,000,000 cells).
    public static let recordCounts = [10, 100, 10_000, 100_000]

    /// 3,000 photos' sizes as a phone's camera roll has them: mostly the common camera and
    /// screen ratios (4:3, 3:2, 16:9, square, each way up), some cropped at any ratio,
    /// all between 1:3 and 3:1, 640 to 4,032 pixels on the long side. Seeded.
    public static func photoSizes(_ count: Int) -> [Size] {
        var random = SeededRandom(seed: 3000 + 7)
        let common: [(Double, Double)] = [(4, 3), (3, 2), (16, 9), (1, 1)]
        var sizes: [Size] = []
        sizes.reserveCapacity(count)
        for _ in 0..<count {
            var ratio: Double  // long side over short side, 1...3
            if random.uniform(0...1) < 0.75 {
                let (a, b) = common[random.integer(0...(common.count - 1))]
                ratio = a / b
            } else {
                ratio = random.uniform(1...3)
            }
            let long = Double(random.integer(640...4032))
            let short = max(1, (long / ratio).rounded(.up))  // up: long / short stays ≤ 3
            let portrait = random.uniform(0...1) < 0.55
            sizes.append(Size(width: portrait ? short : long, height: portrait ? long : short))
        }
        return sizes
    }

    /// A two-column waterfall of `count` photos (``photoSizes(_:)``, repeated past
    /// 3,000) in one section, on a 320 × 480 phone: `pins-3000`, `pins-1000000`.
    public static func pins(_ count: Int) throws(GridError) -> LayoutSpec {
        let photos = photoSizes(min(count, 3000))
        let sizes = (0..<count).map { photos[$0 % photos.count] }
        return LayoutSpec(
            name: "pins-\(count)", parameters: Waterfall.Configuration(columns: 2), container: Size(width: 320, height: 480),
            data: try DataShape(itemCounts: [count], itemSizes: sizes))
    }

    /// A feed of 10,000 posts in one column, a self-sizing table view: every post's height
    /// is learnt as it is about to be shown (`"estimated": {"itemHeight": 120}`), its true
    /// height 16 points of padding, 1 to 8 lines of text of 20 points each, and a photo of
    /// 180 points in six posts of ten: 36 to 356 points, whole points (so that every frame
    /// and correction is exact). One section on a 320 × 480 phone. Seeded.
    public static func feed10000() throws(GridError) -> LayoutSpec {
        var random = SeededRandom(seed: 10_000)
        let heights = (0..<10_000).map { _ in
            let lines = random.integer(1...8)
            let photo = random.uniform(0...1) < 0.6 ? 180 : 0
            return Size(width: 1, height: Double(16 + 20 * lines + photo))
        }
        let estimate = SizeEstimate.itemHeight(120)
        let truth = try DataShape(itemCounts: [10_000], itemSizes: heights)
        let configuration = ColumnarGrouped.Configuration(columns: 1, columnSpacing: 0, sectionSpacing: 0, estimated: estimate)
        return LayoutSpec(
            name: "feed-10000", parameters: configuration, container: Size(width: 320, height: 480),
            data: try estimate.estimatedData(for: truth), measuredData: truth)
    }

    /// The waterfall of `pins-3000` with captions, whose heights are learnt as pins appear
    /// (`"estimated": {"itemHeight": 200}`, lanes `stable`): each pin's true height is its
    /// photo scaled to the 145-point column (``photoSizes(_:)``, rounded to whole points),
    /// 8 points of padding and 0 to 3 caption lines of 20 points. Seeded.
    public static func pinsCaptions3000() throws(GridError) -> LayoutSpec {
        try pinsCaptions(3000)
    }

    /// `pins-captions-3000`'s pins, their 3,000 true heights repeated past 3,000 (as
    /// ``pins(_:)`` repeats its photos), estimated at 200: `pins-captions-3000`,
    /// `pins-captions-1000000` (whose spec writes the heights as a repeated pattern).
    public static func pinsCaptions(_ count: Int) throws(GridError) -> LayoutSpec {
        var random = SeededRandom(seed: 3000 + 11)
        let columnWidth = 145.0  // (320 − 10 − 10 − 10) / 2: insets of 10 and a spacing of 10
        let pattern = photoSizes(min(count, 3000)).map { photo in
            let scaled = max(1, (photo.height * columnWidth / photo.width).rounded())
            return Size(width: 1, height: scaled + 8 + 20 * Double(random.integer(0...3)))
        }
        let heights = (0..<count).map { pattern[$0 % pattern.count] }
        let estimate = SizeEstimate.itemHeight(200)
        let truth = try DataShape(itemCounts: [count], itemSizes: heights)
        let configuration = Waterfall.Configuration(columns: 2, itemSizing: .heights, estimated: estimate)
        return LayoutSpec(
            name: "pins-captions-\(count)", parameters: configuration, container: Size(width: 320, height: 480),
            data: try estimate.estimatedData(for: truth), measuredData: truth)
    }

    /// CHGridView's photos with labels (its roadmap): `photos-2976`'s 96 sections of 31 tiles,
    /// 4 a line, each tile a 75-point photo over a label of 1 to 3 lines of 16 points and 4
    /// of padding (95, 111 or 127 points, in 7, 2 and 1 tiles of ten), learnt as tiles appear
    /// (`"estimated": {"itemHeight": 95}`, a one-line label); rows of 99 (95 + the padding
    /// of 4), every row as tall as its tallest tile. Whole points. Seeded.
    public static func photosLabels2976() throws(GridError) -> LayoutSpec {
        var random = SeededRandom(seed: 2976 + 28)
        let heights = (0..<2976).map { _ in
            let draw = random.uniform(0...1)
            let lines = draw < 0.7 ? 1 : draw < 0.9 ? 2 : 3
            return Size(width: 1, height: Double(75 + 4 + 16 * lines))
        }
        let estimate = SizeEstimate.itemHeight(95)
        let truth = try DataShape(sections: 96, itemsPerSection: 31).withItemSizes(heights)
        var configuration = TileGrid.Configuration.chGridView
        configuration.rowHeight = 99
        configuration.itemSizing = .heights
        configuration.estimated = estimate
        return LayoutSpec(
            name: "photos-labels-2976", parameters: configuration, container: Size(width: 320, height: 480),
            data: try estimate.estimatedData(for: truth), measuredData: truth)
    }

    /// `records-1000x12` with rows of measured heights: 1,000 records of 12 fields (columns of
    /// 150, a header row of 44, a frozen header column of 100, on 320 × 480), each field's
    /// text 1 to 4 lines of 18 points plus 8 of padding (26 to 80 points; most one line),
    /// learnt as cells appear (`"estimated": {"itemHeight": 44}`); each record's row as tall
    /// as its tallest field. Whole points. Seeded.
    public static func recordsMeasured1000x12() throws(GridError) -> LayoutSpec {
        var random = SeededRandom(seed: 1000 * 12 + 28)
        let heights = (0..<12_000).map { _ in
            let draw = random.uniform(0...1)
            let lines = draw < 0.85 ? 1 : draw < 0.95 ? 2 : draw < 0.99 ? 3 : 4
            return Size(width: 1, height: Double(8 + 18 * lines))
        }
        let estimate = SizeEstimate.itemHeight(44)
        let truth = try DataGrid.data(records: 1_000, fields: 12).withItemSizes(heights)
        let configuration = DataGrid.Configuration(rowHeaderWidth: 100, fields: 12, itemSizing: .heights, estimated: estimate)
        return LayoutSpec(
            name: "records-measured-1000x12", parameters: configuration, container: Size(width: 320, height: 480),
            data: try estimate.estimatedData(for: truth), measuredData: truth)
    }

    /// Every bundled data set.
    public static func all() throws(GridError) -> [LayoutSpec] {
        var specs = [try photos2976(), try mixed3000()]
        for tiles in scaleTiles { specs.append(try scale(tiles)) }
        specs += [try sales10x4(), try records(1_000, fields: 12), try records(1_000_000, fields: 20)]
        for count in recordCounts { specs.append(try records(count, fields: 10)) }
        specs.append(try grouped96())
        for items in columnarItems { specs.append(try columnar(items)) }
        for count in pinsCounts { specs.append(try pins(count)) }
        specs.append(try timesheet20x40())
        for rows in ledgerRows { specs.append(try ledger(rows)) }
        specs += [try feed10000(), try pinsCaptions3000(), try pinsCaptions(1_000_000)]
        specs += [try photosLabels2976(), try recordsMeasured1000x12()]
        return specs
    }

    /// Writes the bundled spec of every data set of `plan` and generates each of its traces
    /// from the plan's recipes, deterministically: running it again gives the same files,
    /// byte for byte. `progress` hears a line per trace.
    ///
    /// - Throws: `InputError` naming `planFile` for a data set GridBench does not
    ///   bundle; what generating or writing throws.
    public static func generate(plan: BenchmarkPlan, planFile: String, progress: (String) -> Void) throws {
        let bundled = try all()
        for entry in plan.runs {
            guard let spec = bundled.first(where: { $0.name == entry.dataset }) else {
                throw InputError(file: planFile, field: "runs.dataset", value: "\"\(entry.dataset)\"",
                                 expected: "a data set GridBench bundles: " + bundled.map(\.name).joined(separator: ", "))
            }
            try spec.write(to: plan.specURL(entry.dataset))
            for name in entry.traces {
                guard let recipe = plan.recipe(named: name) else { continue }
                let trace = try TraceGenerator(spec: spec).generate(recipe.options)
                try trace.write(to: plan.traceURL(dataset: entry.dataset, trace: name))
                progress("\(entry.dataset)/\(name): \(trace.frameCount) frames, \(trace.events.count) events")
            }
        }
    }
}
