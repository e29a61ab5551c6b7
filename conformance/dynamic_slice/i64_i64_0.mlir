// dynamic_slice: oracle jax.lax.dynamic_slice(allow_negative_indices=False): StableHLO clamps, no Python-style wrap
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-1835175754791642645, 4828582223136048816, 3001855066554716970, -2675538518792271417, -3277091125173569545], [-548706604256871759, -6624241930625671690, -3357245251167730877, 4978404809535824278, 347456833132872138], [-47646150714770022, -3699650536702128276, -5919052301937495899, 6366875473987399868, -2783541007569078673], [3017909314303070725, 82312186092777069, 2383695996039136637, -7024078339156943590, 2673754529084947072]]> : tensor<4x5xi64>} : () -> tensor<4x5xi64>
  %c2 = shlo.constant {value = dense<1> : tensor<i64>} : () -> tensor<i64>
  %c3 = shlo.constant {value = dense<2> : tensor<i64>} : () -> tensor<i64>
  %v4 = "shlo.dynamic_slice"(%c1, %c2, %c3) {slice_sizes = array<i64: 2, 3>} : (tensor<4x5xi64>, tensor<i64>, tensor<i64>) -> tensor<2x3xi64>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-3357245251167730877, 4978404809535824278, 347456833132872138], [-5919052301937495899, 6366875473987399868, -2783541007569078673]]> : tensor<2x3xi64>}} : (tensor<2x3xi64>) -> ()
  func.return
}
