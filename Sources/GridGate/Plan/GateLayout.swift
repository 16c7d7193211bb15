import Foundation
import GridConformance
import GridCore
import GridHarness
import GridLayouts

/// A layout a gate tool measures besides GridBench's own: a name that spec files give in
/// their `layout` field, and how to make the layout from such a spec.
///
/// A third party's gate tool lists its layouts (see `GateTool`):
///
/// ```swift
/// GateLayout("waterfall") { spec in
///     WaterfallLayout(columns: try spec.decode(Parameters.self).columns ?? 3)
/// }
/// ```
///
/// The layout is kept at its concrete type, so the strategies and the viewport are
/// specialised for it exactly as they are for GridBench's own layouts.
public struct GateLayout: Sendable {
    /// The name in the spec's `layout` field.
    public let name: String
    /// Runs `runner` with a new, unprepared layout made from `spec`.
    let visit: @Sendable (_ spec: GateSpec, _ runner: WorkloadRunner) throws -> WorkloadSample
    /// A new, unprepared layout made from `spec`, as an existential: for the trace states.
    let make: @Sendable (_ spec: GateSpec) throws -> any GridLayout

    /// A layout named `name`, made by `make` from the spec of each data set.
    ///
    /// - Parameters:
    ///   - name: letters, digits and `-`; a name GridBench's own layouts use
    ///     (`tile-grid`, …) is taken by them.
    ///   - make: a new, unprepared layout for `spec`. It may read the layout's own fields
    ///     with ``GateSpec/decode(_:)`` and throw `InputError` or
    ///     `GridError` for bad ones.
    public init<Layout: GridLayout & Sendable>(_ name: String, make: @escaping @Sendable (_ spec: GateSpec) throws -> Layout) {
        self.name = name
        self.visit = { spec, runner in try runner.visit(try make(spec)) }
        self.make = { spec in try make(spec) }
    }
}

/// A spec read for the gate, and what makes its layout.
struct LoadedSpec: Sendable {
    enum Maker: Sendable {
        /// One of GridBench's layouts: the harness's spec says which, with its parameters.
        case bundled(LayoutSpec)
        /// A layout of this gate tool.
        case tool(GateLayout)
    }

    var spec: GateSpec
    var maker: Maker

    /// The common fields every spec has, whatever its layout.
    private struct Header: Decodable {
        var layout: String
        var name: String?
        var container: Size
    }

    /// Reads the spec at `url`. A layout of `layouts` (the tool's own) is looked up there,
    /// even when GridBench has one of the same name, and its data is read by the same code
    /// as GridBench's (`SectionsField`); a layout GridBench knows is read and
    /// checked by the harness (`LayoutSpec`).
    ///
    /// - Throws: `InputError` naming the file, the field and the value.
    static func load(from url: URL, layouts: [GateLayout]) throws(InputError) -> LoadedSpec {
        let path = url.path
        guard FileManager.default.fileExists(atPath: path) else {
            throw InputError(file: path, field: "(file)", value: "missing", expected: "a layout spec (the gate plan's `spec` names it, relative to the plan)")
        }
        let json = try InputFiles.read(url)
        let header = try JSONFiles.decode(Header.self, from: json, file: path, ignoringUnknownKeys: true)
        // The tool's own layouts come first: a layout GridBench adds later under the same
        // name (its `waterfall`, say) must not take over a third party's specs.
        if !layouts.contains(where: { $0.name == header.layout }) && LayoutSpec.layoutNames.contains(header.layout) {
            let spec = try LayoutSpec.decode(json, path: path)
            return LoadedSpec(
                spec: GateSpec(name: spec.name, layout: spec.layoutName, container: spec.container, data: spec.data, path: path, json: json),
                maker: .bundled(spec))
        }
        guard let layout = layouts.first(where: { $0.name == header.layout }) else {
            throw InputError(
                file: path, field: "layout", value: "\"\(header.layout)\"",
                expected: "one of " + (LayoutSpec.layoutNames + layouts.map(\.name)).joined(separator: ", ")
                    + " (GridBench's layouts and this gate tool's)")
        }
        for (field, value) in [("container.width", header.container.width), ("container.height", header.container.height)] {
            guard value.isFinite, value > 0 else { throw InputError(file: path, field: field, value: "\(value)", expected: "a finite number > 0") }
        }
        let name = header.name ?? url.deletingPathExtension().lastPathComponent
        let spec = GateSpec(name: name, layout: header.layout, container: header.container, data: try data(of: json, path: path), path: path, json: json)
        return LoadedSpec(spec: spec, maker: .tool(layout))
    }

    /// The data of a spec whose layout is not GridBench's: its `sections` and `itemSizes`,
    /// in any form a GridBench spec allows, read and checked by the same code.
    private static func data(of json: Data, path: String) throws(InputError) -> DataShape {
        let fields = try JSONFiles.decode(DataFields.self, from: json, file: path, ignoringUnknownKeys: true)
        do {
            return try SectionsField.dataShape(sections: fields.sections, itemSizes: fields.itemSizes)
        } catch {
            throw InputError(file: path, error)
        }
    }

    /// The data fields of a spec.
    private struct DataFields: Decodable {
        var sections: SectionsField
        var itemSizes: [[Double]]?
    }

    /// A new, unprepared layout of this spec.
    ///
    /// - Throws: ``GridCore/InputError`` naming the spec file for what the tool's factory
    ///   refuses.
    func makeLayout() throws(InputError) -> any GridLayout {
        switch maker {
        case .bundled(let spec):
            return spec.makeLayout()
        case .tool(let layout):
            do {
                return try layout.make(spec)
            } catch let error as InputError {
                throw error
            } catch let error as GridError {
                throw InputError(file: spec.path, error)
            } catch {
                throw InputError(file: spec.path, field: "layout", value: "\"\(spec.layout)\"", expected: "a spec this gate tool makes its layout from: \(error)")
            }
        }
    }

    /// Runs `runner` with a new, unprepared layout of this spec, at its concrete type.
    func visit(_ runner: WorkloadRunner) throws -> WorkloadSample {
        switch maker {
        case .bundled(let spec): try spec.visit(runner)
        case .tool(let layout): try layout.visit(spec, runner)
        }
    }
}
