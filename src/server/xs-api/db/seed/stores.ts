/**
 * The chain's 22 outlets (table `stores`, coverage.md §1 and §3 Store). Towns are real; street addresses,
 * phone numbers and coordinates are approximate demo values. Most outlets offer both delivery and
 * pick-up (BOTHPD); a few only one of them.
 */
import type { stores } from '../schema/catalogue';

export type StoreRow = typeof stores.$inferInsert;

type Outlet = [
  no: string,
  name: string,
  address: string,
  city: string,
  state: string,
  phone: string,
  lat: number,
  lng: number,
  pickDel: StoreRow['pickDel'],
];

const OUTLETS: Outlet[] = [
  ['001', 'Kepong Baru', '12, Jalan Ambang Botanic 1, Kepong Baru, 52100 Kuala Lumpur', 'Kuala Lumpur', 'KUL', '03-6251 8821', 3.2131, 101.6453, 'BOTHPD'],
  ['002', 'Taman Connaught', '38, Jalan Cerdas, Taman Connaught, 56000 Cheras', 'Cheras', 'KUL', '03-9102 4416', 3.0794, 101.7382, 'BOTHPD'],
  ['003', 'Sri Petaling', '61, Jalan Radin Bagus, Bandar Baru Sri Petaling, 57000 Kuala Lumpur', 'Kuala Lumpur', 'KUL', '03-9057 2230', 3.0694, 101.6906, 'PICKUP'],
  ['004', 'Setapak Jaya', '15, Jalan 2/27A, Seksyen 1 Wangsa Maju, 53300 Kuala Lumpur', 'Setapak', 'KUL', '03-4142 7785', 3.2036, 101.7313, 'BOTHPD'],
  ['005', 'SS2 Petaling Jaya', '27, Jalan SS 2/64, SS2, 47300 Petaling Jaya', 'Petaling Jaya', 'SGR', '03-7875 3392', 3.1188, 101.6225, 'BOTHPD'],
  ['006', 'SS15 Subang Jaya', '9, Jalan SS 15/4B, SS15, 47500 Subang Jaya', 'Subang Jaya', 'SGR', '03-5631 0917', 3.0776, 101.5868, 'BOTHPD'],
  ['007', 'Bandar Puteri Puchong', '22, Jalan Puteri 2/4, Bandar Puteri, 47100 Puchong', 'Puchong', 'SGR', '03-8060 5521', 3.0249, 101.6180, 'BOTHPD'],
  ['008', 'Taman Sentosa Klang', '41, Jalan Dato Dagang 31, Taman Sentosa, 41200 Klang', 'Klang', 'SGR', '03-3324 6603', 3.0125, 101.4683, 'BOTHPD'],
  ['009', 'Seri Kembangan', '8, Jalan SK 6/1, Taman Seri Kembangan, 43300 Seri Kembangan', 'Seri Kembangan', 'SGR', '03-8941 2278', 3.0223, 101.7060, 'BOTHPD'],
  ['010', 'Kajang Sentral', '5, Jalan Mendaling, Kajang Utama, 43000 Kajang', 'Kajang', 'SGR', '03-8733 9140', 2.9927, 101.7889, 'BOTHPD'],
  ['011', 'Bandar Country Homes Rawang', '17, Jalan BRP 1/2, Bukit Rahman Putra, 48000 Rawang', 'Rawang', 'SGR', '03-6092 4471', 3.3210, 101.5752, 'BOTHPD'],
  ['012', 'Kota Kemuning', '3, Jalan Anggerik Vanilla 31/99, Kota Kemuning, 40460 Shah Alam', 'Shah Alam', 'SGR', '03-5122 8806', 3.0054, 101.5395, 'DELIVERY'],
  ['013', 'Taman Molek', '52, Jalan Molek 1/29, Taman Molek, 81100 Johor Bahru', 'Johor Bahru', 'JHR', '07-351 6620', 1.5228, 103.7922, 'BOTHPD'],
  ['014', 'Taman Universiti Skudai', '14, Jalan Pendidikan 3, Taman Universiti, 81300 Skudai', 'Skudai', 'JHR', '07-520 3347', 1.5386, 103.6283, 'BOTHPD'],
  ['015', 'Batu Pahat Town', '76, Jalan Rahmat, 83000 Batu Pahat', 'Batu Pahat', 'JHR', '07-431 2258', 1.8548, 102.9325, 'BOTHPD'],
  ['016', 'Pulau Tikus', '30, Jalan Cantonment, Pulau Tikus, 10250 George Town', 'George Town', 'PNG', '04-226 9183', 5.4312, 100.3110, 'BOTHPD'],
  ['017', 'Bukit Mertajam', '11, Jalan Kulim, 14000 Bukit Mertajam', 'Bukit Mertajam', 'PNG', '04-537 4406', 5.3631, 100.4658, 'BOTHPD'],
  ['018', 'Ipoh Garden', '23, Jalan Sultan Azlan Shah Utara, Ipoh Garden, 31400 Ipoh', 'Ipoh', 'PRK', '05-547 2219', 4.6034, 101.1070, 'BOTHPD'],
  ['019', 'Taiping Town', '45, Jalan Kota, 34000 Taiping', 'Taiping', 'PRK', '05-806 1154', 4.8513, 100.7416, 'PICKUP'],
  ['020', 'Melaka Raya', '19, Jalan Melaka Raya 8, Taman Melaka Raya, 75000 Melaka', 'Melaka', 'MLK', '06-282 5573', 2.1887, 102.2536, 'BOTHPD'],
  ['021', 'Seremban 2', '108, Jalan S2 B13, Seremban 2, 70300 Seremban', 'Seremban', 'NSN', '06-601 7720', 2.6893, 101.9105, 'BOTHPD'],
  ['022', 'Nilai Square', '6, Jalan BBN 1/2, Putra Nilai, 71800 Nilai', 'Nilai', 'NSN', '06-799 3348', 2.8158, 101.7981, 'DELIVERY'],
];

export const STORES: StoreRow[] = OUTLETS.map(([no, name, address, city, stateCode, phone, latitude, longitude, pickDel]) => ({
  storeCode: `S${no}`,
  storeNo: no,
  storeName: `XS Fresh Mart ${name}`,
  storeAddress: address,
  storeCity: city,
  stateCode,
  storePhone: phone,
  latitude,
  longitude,
  pickDel,
  isActive: true,
}));
