// compare: oracle jax.lax.ne
func.func @main() {
  %c1 = shlo.constant {value = dense<[-0.030950262469465643, -0.3218352209509831, 2.2347753952039766, 2.2666795496223333, 0.21751979215256928, -0.19244714853674341]> : tensor<6xf64>} : () -> tensor<6xf64>
  %c2 = shlo.constant {value = dense<[-1.6415872062053707, 1.9355142296586416, 0.1808817174302127, -1.8334491464871567, -1.5502316655889659, 1.032014413573026]> : tensor<6xf64>} : () -> tensor<6xf64>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xcomplex<f64>>
  %c4 = shlo.constant {value = dense<[3.7754337687364803, -0.3218352209509831, 1.059571614414109, 2.2666795496223333, 3.6794019441292951, -0.19244714853674341]> : tensor<6xf64>} : () -> tensor<6xf64>
  %c5 = shlo.constant {value = dense<[5.3141607089951073, 1.9355142296586416, -1.4079577511992911, -1.8334491464871567, -0.7856531090180694, 1.032014413573026]> : tensor<6xf64>} : () -> tensor<6xf64>
  %v6 = "shlo.complex"(%c4, %c5) : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xcomplex<f64>>
  %v7 = "shlo.compare"(%v3, %v6) {comparison_direction = #shlo.comparison_direction<NE>, compare_type = #shlo.comparison_type<FLOAT>} : (tensor<6xcomplex<f64>>, tensor<6xcomplex<f64>>) -> tensor<6xi1>
  "shlo.custom_call"(%v7) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[true, false, true, false, true, false]> : tensor<6xi1>}} : (tensor<6xi1>) -> ()
  func.return
}
