import Foundation
import GridConformance
import GridCore
import GridHarness
import GridLayouts

/// A data set as a gate plan names it: a spec file's name, layout, container and data, and
/// its JSON for the layout's own fields.
public struct GateSpec: Sendable {
    /// The spec's `name`, or its file's name without `.json`.
    public var name: String
    /// The spec's `layout` field.
    public var layout: String
    /// The container the layout is prepared for in prepare workloads.
    public var container: Size
    public var data: DataShape
    /// The file, as errors name it.
    public var path: String
    /// The file's bytes.
    let json: Data

    /// The spec file decoded as `T`: a layout's own fields (`columns`, `spacing`, …) sit
    /// beside the common ones, and `T` ignores what it does not declare.
    ///
    /// - Throws: `InputError` naming the file and the field.
    public func decode<T: Decodable>(_ type: T.Type) throws(InputError) -> T {
        try JSONFiles.decode(type, from: json, file: path, ignoringUnknownKeys: true)
    }
}
