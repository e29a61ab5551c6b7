// dynamic_slice: oracle jax.lax.dynamic_slice(allow_negative_indices=False): StableHLO clamps, no Python-style wrap
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-1.4420572968401335, 1.1481075983983893, 0.78581774807011917, -0.13449245185604253, -0.53965626460098048], [2.8678433978112592, -1.7151098082521763, 0.80333737030884789, 1.665503684503421, 1.2069235389862014], [-2.2616799182594498, -1.8081464345436145, 0.88060499342648357, -0.2068268718234387, -0.98960168456263641], [2.0324238580370779, -3.0657438728709412, 0.28982832652015472, 0.55505292096571002, 2.3154768543491322]]> : tensor<4x5xf64>} : () -> tensor<4x5xf64>
  %c2 = shlo.constant {value = dense<[[0.80700384345202647, 0.81016973698327587, 1.6336876266831566, -1.1250478642396027, -2.5253227609070881], [0.81787918825461725, 3.7639414222307748, -2.3526786649751736, -3.1232698691685985, 0.70084544774192481], [2.1296140127271421, 1.4304779091330031, 0.66763175365135607, -1.4393636126244127, -1.2845722561700497], [2.0605754972673718, 0.12847843725102473, -1.1939269765769178, 0.86959460817003909, -0.30544873009528217]]> : tensor<4x5xf64>} : () -> tensor<4x5xf64>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<4x5xf64>, tensor<4x5xf64>) -> tensor<4x5xcomplex<f64>>
  %c4 = shlo.constant {value = dense<0> : tensor<i64>} : () -> tensor<i64>
  %c5 = shlo.constant {value = dense<0> : tensor<i64>} : () -> tensor<i64>
  %v6 = "shlo.dynamic_slice"(%v3, %c4, %c5) {slice_sizes = array<i64: 2, 3>} : (tensor<4x5xcomplex<f64>>, tensor<i64>, tensor<i64>) -> tensor<2x3xcomplex<f64>>
  %v7 = "shlo.real"(%v6) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  %v8 = "shlo.imag"(%v6) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  "shlo.custom_call"(%v7) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-1.4420572968401335, 1.1481075983983893, 0.78581774807011917], [2.8678433978112592, -1.7151098082521763, 0.80333737030884789]]> : tensor<2x3xf64>}} : (tensor<2x3xf64>) -> ()
  "shlo.custom_call"(%v8) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.80700384345202647, 0.81016973698327587, 1.6336876266831566], [0.81787918825461725, 3.7639414222307748, -2.3526786649751736]]> : tensor<2x3xf64>}} : (tensor<2x3xf64>) -> ()
  func.return
}
