import Foundation
import GridConformance
import GridCore
import GridLayouts

extension GoldenFixture.Recipe {
    /// A new, unprepared layout of the recipe's `layout`, made through the registry from its
    /// `parameters`.
    ///
    /// - Throws: `InputError` naming `file` and `layout` for an unknown layout, or
    ///   `parameters.<field>` for parameters that do not decode.
    public func makeLayout(file: String) throws(InputError) -> any GridLayout {
        let type: any LayoutConfiguration.Type
        do {
            type = try LayoutRegistry.configuration(named: layout)
        } catch {
            throw InputError(file: file, error)
        }
        return try Self.make(type, parameters: parameters, file: file)
    }

    /// The parameters are read as strictly as a spec file's: an unknown key (`"rowheight"`)
    /// or a duplicate is refused, naming `parameters.<key>` and the nearest known name,
    /// never silently ignored.
    private static func make<C: LayoutConfiguration>(_ type: C.Type, parameters: JSONValue, file: String) throws(InputError) -> any GridLayout {
        let configuration: C
        do {
            configuration = try parameters.decodeStrictly(C.self, file: file)
        } catch {
            var wrapped = error
            wrapped.field = "parameters." + wrapped.field
            throw wrapped
        }
        do {
            try configuration.validate()
        } catch {
            throw InputError(file: file, error, fieldPrefix: "parameters.")
        }
        return configuration.makeLayout()
    }
}
