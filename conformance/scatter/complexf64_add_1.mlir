// scatter: oracle jax.lax.scatter* (FILL_OR_DROP: out-of-bounds update windows are skipped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0.36078972657139247, -3.1947917771634118, -2.1609461307845961], [2.7094073901803579, -2.4882473195758532, -0.336918343016198], [-0.14033248593169398, 0.28527918089401555, -2.0154856327134696], [-1.4110594509723284, 1.7166951396425227, -4.3907277987754956], [-0.43872794285119227, -0.80310333390941002, 1.5788737543863041]]> : tensor<5x3xf64>} : () -> tensor<5x3xf64>
  %c2 = shlo.constant {value = dense<[[2.7380987562489025, 0.33598649889773768, -0.25468363765693597], [4.7781182554464525, -0.12173880948555035, -2.0427627870315055], [-4.1610415780997005, -2.9743023266147444, -2.5879756297785943], [-2.3856070070420632, -0.85298789106022077, 4.7275158209136805], [3.2756355563090964, -2.156397380678134, 1.0173306854078721]]> : tensor<5x3xf64>} : () -> tensor<5x3xf64>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<5x3xf64>, tensor<5x3xf64>) -> tensor<5x3xcomplex<f64>>
  %c4 = shlo.constant {value = dense<[[1], [3], [1]]> : tensor<3x1xi32>} : () -> tensor<3x1xi32>
  %c5 = shlo.constant {value = dense<[[1.3362418017435753, -0.05173555812022413, -1.5037448168783782], [-2.2148308490826634, 0.059240291618367837, 0.34951075245454011], [-1.2854952417708614, 1.7624484657848847, -0.086843496787638044]]> : tensor<3x3xf64>} : () -> tensor<3x3xf64>
  %c6 = shlo.constant {value = dense<[[-2.1928926880402027, 4.4051173015099767, -4.2815868367562882], [3.9711628852324301, -0.010525930415651277, -1.9903860069949755], [0.54269138211152712, -2.6799234489600385, -1.4494011361299022]]> : tensor<3x3xf64>} : () -> tensor<3x3xf64>
  %v7 = "shlo.complex"(%c5, %c6) : (tensor<3x3xf64>, tensor<3x3xf64>) -> tensor<3x3xcomplex<f64>>
  %v8 = "shlo.scatter"(%v3, %c4, %v7) ({
  ^bb0(%a0: tensor<complex<f64>>, %b0: tensor<complex<f64>>):
    %s0 = "shlo.add"(%a0, %b0) : (tensor<complex<f64>>, tensor<complex<f64>>) -> tensor<complex<f64>>
    "shlo.return"(%s0) : (tensor<complex<f64>>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1>, scatter_dimension_numbers = #shlo.scatter<update_window_dims = [1], inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<5x3xcomplex<f64>>, tensor<3x1xi32>, tensor<3x3xcomplex<f64>>) -> tensor<5x3xcomplex<f64>>
  %v9 = "shlo.real"(%v8) : (tensor<5x3xcomplex<f64>>) -> tensor<5x3xf64>
  %v10 = "shlo.imag"(%v8) : (tensor<5x3xcomplex<f64>>) -> tensor<5x3xf64>
  "shlo.custom_call"(%v9) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.36078972657139247, -3.1947917771634118, -2.1609461307845961], [2.7601539501530725, -0.77753441191119266, -1.9275066566822143], [-0.14033248593169398, 0.28527918089401555, -2.0154856327134696], [-3.6258903000549916, 1.7759354312608906, -4.0412170463209556], [-0.43872794285119227, -0.80310333390941002, 1.5788737543863041]]> : tensor<5x3xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<5x3xf64>) -> ()
  "shlo.custom_call"(%v10) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[2.7380987562489025, 0.33598649889773768, -0.25468363765693597], [3.1279169495177772, 1.6034550430643879, -7.7737507599176955], [-4.1610415780997005, -2.9743023266147444, -2.5879756297785943], [1.5855558781903669, -0.86351382147587208, 2.7371298139187052], [3.2756355563090964, -2.156397380678134, 1.0173306854078721]]> : tensor<5x3xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<5x3xf64>) -> ()
  func.return
}
