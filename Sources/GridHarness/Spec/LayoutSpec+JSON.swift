import Foundation
import GridConformance
import GridCore
import GridLayouts

/// The JSON form of a ``LayoutSpec``: four common fields, then the layout's own fields
/// (parameters and data) flattened beside them, as its registry entry reads them
/// (`LayoutConfiguration.decodeSpec(from:)`):
///
/// ```json
/// {"schemaVersion": 1, "name": "photos-2976", "layout": "tile-grid",
///  "container": {"width": 320, "height": 480},
///  "sections": {"count": 96, "items": 31},
///  "tilesPerLine": 4, "rowHeight": 79, "padding": {"width": 4, "height": 4},
///  "sectionTitleHeight": 22, "centersItems": false}
/// ```
///
/// `name` defaults to the file's name without `.json`. A field no layout reads is refused,
/// naming the nearest known field.
struct LayoutSpecFile: Codable {
    var schemaVersion: Int?
    var name: String?
    var container: Size
    var configuration: any LayoutConfiguration
    var data: DataShape

    /// The fields every spec has, whatever its layout.
    static let commonFields = ["schemaVersion", "name", "layout", "container"]

    private enum Keys: String, CodingKey { case schemaVersion, name, layout, container }

    init(schemaVersion: Int?, name: String?, container: Size, configuration: any LayoutConfiguration, data: DataShape) {
        self.schemaVersion = schemaVersion
        self.name = name
        self.container = container
        self.configuration = configuration
        self.data = data
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        schemaVersion = try c.decodeIfPresent(Int.self, forKey: .schemaVersion)
        if let version = schemaVersion, version != 1 {
            throw GridError.invalidParameter("schemaVersion", version, expected: "1")
        }
        name = try c.decodeIfPresent(String.self, forKey: .name)
        let layout = try c.decode(String.self, forKey: .layout)
        let type = try LayoutRegistry.configuration(named: layout)
        let known = Self.commonFields + type.specFieldNames
        for key in try decoder.container(keyedBy: FieldKey.self).allKeys where !known.contains(key.stringValue) {
            if key.stringValue == "estimated" {
                let measuring = LayoutRegistry.configurations.filter { $0.specFieldNames.contains("estimated") }.map { $0.layoutName }
                throw GridError.invalidParameter(
                    "estimated", "(given)",
                    expected: "no estimated sizes in a \(layout) spec: it does not measure its items (layouts that do: \(measuring.joined(separator: ", ")))")
            }
            let nearest = StrictJSON.nearest(to: key.stringValue, in: known)
            throw GridError.invalidParameter(
                key.stringValue, "(an unknown field)",
                expected: "no such field in a \(layout) spec" + (nearest.map { "; did you mean \($0)?" } ?? "")
                    + " (fields: " + known.joined(separator: ", ") + ")")
        }
        container = try c.decode(Size.self, forKey: .container)
        (configuration, data) = try Self.decodeLayout(type, from: decoder)
    }

    private static func decodeLayout<C: LayoutConfiguration>(_ type: C.Type, from decoder: any Decoder) throws -> (any LayoutConfiguration, DataShape) {
        let (configuration, data) = try C.decodeSpec(from: decoder)
        return (configuration, data)
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encodeIfPresent(schemaVersion, forKey: .schemaVersion)
        try c.encodeIfPresent(name, forKey: .name)
        try c.encode(configuration.layoutName, forKey: .layout)
        try c.encode(container, forKey: .container)
        try configuration.encodeSpec(data: data, to: encoder)
    }
}

extension LayoutSpec {
    /// Reads and validates the spec at `url`.
    ///
    /// - Throws: `InputError` naming the file, the field and the value: malformed JSON,
    ///   an unknown layout or field, a negative count, a bad item size, a parameter the
    ///   layout refuses (checked by preparing it once).
    public static func load(from url: URL) throws(InputError) -> LayoutSpec {
        let file = try JSONFiles.read(LayoutSpecFile.self, from: url)
        let defaultName = url.deletingPathExtension().lastPathComponent
        return try LayoutSpec(file: file, path: url.path, defaultName: defaultName)
    }

    /// Decodes and validates a spec from JSON bytes; `path` names it in errors.
    public static func decode(_ data: Data, path: String) throws(InputError) -> LayoutSpec {
        let file = try JSONFiles.decode(LayoutSpecFile.self, from: data, file: path)
        let defaultName = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        return try LayoutSpec(file: file, path: path, defaultName: defaultName)
    }

    /// The spec of `file`: with `estimated`, its data at the estimates and the file's true
    /// sizes as ``LayoutSpec/measuredData``.
    init(file: LayoutSpecFile, path: String, defaultName: String) throws(InputError) {
        let spec: LayoutSpec
        do {
            var data = file.data, measured: DataShape?
            if let estimate = file.configuration.sizeEstimate {
                measured = file.data
                data = try estimate.estimatedData(for: file.data)
            }
            spec = LayoutSpec(
                name: file.name ?? defaultName, parameters: file.configuration, container: file.container,
                data: data, measuredData: measured)
            _ = try spec.preparedLayout()
        } catch {
            throw InputError(file: path, error)
        }
        self = spec
    }

    /// The spec's JSON form: with estimated sizes, the true sizes as the per-item field.
    var file: LayoutSpecFile {
        LayoutSpecFile(schemaVersion: 1, name: name, container: container, configuration: parameters, data: measuredData ?? data)
    }

    /// Writes the spec as JSON to `url`, atomically.
    public func write(to url: URL) throws {
        try JSONFiles.write(file, to: url)
    }
}
